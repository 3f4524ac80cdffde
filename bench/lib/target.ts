import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { type ScaleOptions, type ScaleSummary, seedScale } from "../../apps/api/src/cli/seed-scale.js";
import { openDatabase } from "../../apps/api/src/db/client.js";
import { runDir } from "./run-dir.js";
import { REPO_ROOT } from "./server.js";

export type DbKind = "embedded" | "postgres";

/** Where a run keeps its data: an embedded database directory, or a PostgreSQL database. */
export interface Target {
  kind: DbKind;
  /** The server's DATA_DIR (the embedded database lives in DATA_DIR/pgdata). */
  dataDir: string;
  databaseUrl?: string;
  /** The temporary PostgreSQL server's directory, when this run started one. */
  pgDir?: string;
  /** Scratch directory of this run (logs, CSV files). */
  workDir: string;
  /** Stops a temporary server and removes the files (kept when asked, e.g. after a failure). */
  cleanup(keepFiles?: boolean): Promise<void>;
}

const PG_SCRIPT = join(REPO_ROOT, "scripts/postgres-temp.sh");

/**
 * A throwaway PostgreSQL server (scripts/postgres-temp.sh) on the given port or, by default, on a
 * port free at run time (the script chooses it, and another should that one be taken first).
 */
function startPostgres(port: number | undefined, durable: boolean): { databaseUrl: string; pgDir: string } {
  try {
    const out = execFileSync("bash", [PG_SCRIPT, "start", ...(port === undefined ? [] : [String(port)])], {
      env: { ...process.env, PG_DURABLE: durable ? "1" : "" },
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    const databaseUrl = /DATABASE_URL=(\S+)/.exec(out)?.[1];
    const pgDir = /PG_TEMP_DIR=(\S+)/.exec(out)?.[1];
    if (!databaseUrl || !pgDir) throw new Error(`could not start PostgreSQL: ${out}`);
    return { databaseUrl, pgDir };
  } catch (e) {
    // postgres-temp.sh prints the server's log, which says why, and removes what it made.
    const why = String((e as { stderr?: string }).stderr ?? "").trim();
    if (!why) throw e;
    throw new Error(`could not start PostgreSQL${port === undefined ? "" : ` on port ${port}`}:\n${why}`);
  }
}

/**
 * A fresh target under bench/.data/NAME-KIND-PID. For PostgreSQL: a temporary server started with
 * scripts/postgres-temp.sh (durable = fsync on) on `pgPort`, by default a port free at run time,
 * unless BENCH_DATABASE_URL names one to use.
 */
export async function prepareTarget(
  kind: DbKind,
  name: string,
  opts: { pgPort?: number; durable?: boolean; keep?: boolean } = {},
): Promise<Target> {
  const workDir = runDir(`${name}-${kind}`);
  const dataDir = join(workDir, "data");
  mkdirSync(dataDir, { recursive: true });
  /** Removes the run's files, or says where they are when they are kept. */
  const removeFiles = (keepFiles: boolean) => {
    if (!opts.keep && !keepFiles) return rmSync(workDir, { recursive: true, force: true });
    const log = join(workDir, "server.log");
    console.log(`kept ${workDir}${existsSync(log) ? ` (server log: ${log})` : ""}`);
  };
  const given = kind === "postgres" ? process.env.BENCH_DATABASE_URL : undefined;
  if (kind === "embedded" || given) {
    return {
      kind,
      dataDir,
      workDir,
      databaseUrl: given,
      cleanup: async (keepFiles = false) => removeFiles(keepFiles),
    };
  }
  let started: { databaseUrl: string; pgDir: string };
  try {
    started = startPostgres(opts.pgPort, opts.durable ?? false);
  } catch (e) {
    rmSync(workDir, { recursive: true, force: true });
    throw e;
  }
  const { databaseUrl, pgDir } = started;
  return {
    kind,
    dataDir,
    workDir,
    databaseUrl,
    pgDir,
    cleanup: async (keepFiles = false) => {
      execFileSync("bash", [PG_SCRIPT, "stop", pgDir]);
      removeFiles(keepFiles);
    },
  };
}

/** Opens the target's database in this process (the server must not hold an embedded one). */
export function openTarget(target: Target, options: { vacuum?: boolean } = {}) {
  return openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, ...options });
}

/** Seeds the target (migrating it first) and returns what was made. */
export async function seedTarget(target: Target, options: Partial<ScaleOptions>): Promise<ScaleSummary> {
  // The seed writes in one BEGIN/COMMIT of its own: the embedded database's vacuum while open
  // would land inside it and abort it (a 100,000-application seed takes longer than its delay).
  const database = await openTarget(target, { vacuum: false });
  try {
    return await seedScale(database, { ...options, wipe: true });
  } finally {
    await database.close();
  }
}

/** Runs SQL on the target and returns its rows. */
export async function querySql(target: Target, text: string, params: unknown[] = []) {
  const database = await openTarget(target);
  try {
    const client = (
      database.db as unknown as {
        $client: { query: (t: string, p: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };
      }
    ).$client;
    return (await client.query(text, params)).rows;
  } finally {
    await database.close();
  }
}

/**
 * A digest of every row of every table of the public schema: equal digests mean nothing changed.
 * Each table's rows are hashed in a stable order (their text form), then the table digests.
 */
export async function checksumDatabase(
  target: Target,
  /** Tables left out: bookkeeping a caller expects to change. */
  ignore: string[] = [],
): Promise<{ digest: string; rows: Record<string, number> }> {
  const database = await openTarget(target);
  try {
    const client = (
      database.db as unknown as {
        $client: { query: (t: string) => Promise<{ rows: Record<string, unknown>[] }> };
      }
    ).$client;
    const tables = (
      await client.query(
        "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
      )
    ).rows
      .map((r) => String(r.table_name))
      .filter((t) => !ignore.includes(t));
    const parts: string[] = [];
    const rows: Record<string, number> = {};
    for (const t of tables) {
      const [r] = (
        await client.query(
          `select count(*)::int as n, md5(coalesce(string_agg(x.t, '|' order by x.t), '')) as d from (select ("${t}".*)::text as t from "${t}") x`,
        )
      ).rows;
      rows[t] = Number(r?.n);
      parts.push(`${t}:${r?.d}`);
    }
    const [all] = (await client.query(`select md5('${parts.join(",")}') as d`)).rows;
    return { digest: String(all?.d), rows };
  } finally {
    await database.close();
  }
}

/** PostgreSQL server control for fault tests: stop it, start it again with the same options. */
export async function pgCtl(target: Target, action: "stop" | "start"): Promise<void> {
  if (!target.pgDir) throw new Error("this target has no temporary PostgreSQL server");
  const bin = readdirBin();
  const dataDir = join(target.pgDir, "data");
  const asOwner = (args: string[]) =>
    process.getuid?.() === 0 ? ["runuser", ["-u", "postgres", "--", ...args]] : [args[0], args.slice(1)];
  let args: string[];
  if (action === "stop") {
    args = [`${bin}/pg_ctl`, "-D", dataDir, "-m", "fast", "-w", "stop"];
  } else {
    // postmaster.opts holds the command line of the last start: reuse its options.
    const opts = readFileSync(join(dataDir, "postmaster.opts"), "utf8");
    const o = [...opts.matchAll(/"(-c|-p|-k)" "([^"]*)"/g)].map((m) => `${m[1]} ${m[2]}`).join(" ");
    args = [`${bin}/pg_ctl`, "-D", dataDir, "-l", join(target.pgDir, "server.log"), "-w", "-o", o, "start"];
  }
  const [cmd, rest] = asOwner(args) as [string, string[]];
  // Asynchronous, so the clients loading the app keep running while the database stops and starts.
  if (action === "stop") return void (await promisify(execFile)(cmd, rest));
  // The app's DATABASE_URL names this port, so a start cannot move to another one: when the port
  // was taken while the server was down (say by a run beside this one), wait and try it again.
  for (let attempt = 1; ; attempt++) {
    try {
      return void (await promisify(execFile)(cmd, rest));
    } catch (error) {
      if (attempt === 3) {
        const log = readFileSync(join(target.pgDir, "server.log"), "utf8").trim().split("\n").slice(-5);
        throw new Error(`PostgreSQL did not start again on its port:\n${log.join("\n")}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}

function readdirBin(): string {
  const out = execFileSync("bash", ["-c", "ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1"], {
    encoding: "utf8",
  }).trim();
  if (!out) throw new Error("PostgreSQL binaries not found");
  return out;
}
