/**
 * Backup and restore of the embedded database (a PostgreSQL server is backed up with pg_dump).
 *
 *   npm run backup -- <file.tar.gz>              copy DATA_DIR's database into one file
 *   npm run restore -- <file.tar.gz> [--replace] make DATA_DIR's database from such a file
 *
 * A backup runs where the database is open: in the server holding DATA_DIR (through its local
 * socket, as `npm run admin` does), or in this process when none does. A restore replaces the
 * database files, so it runs only while no process holds DATA_DIR, and refuses with one line
 * naming the one that does.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { inspect, parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import type { AppConfig } from "../config.js";
import { type DataDirLock, lockDataDir } from "../data-dir/data-dir-lock.js";
import { openDatabase } from "../db/client.js";
import { isDiskFull } from "../db/disk-space.js";
import { PGLITE_SETTINGS, pgliteExtensions } from "../db/embedded.js";
import { loggableError } from "../lib/loggable-error.js";
import { backupCommand } from "./backup-command.js";
import { isBackupFile } from "./backup-file.js";
import { cliConfig, detailed, fileProblem, type Output, runIfMain } from "./cli-run.js";
import { runOnDatabase } from "./run-command.js";

export const BACKUP_USAGE = `Usage: npm run backup -- <file.tar.gz>
       npm run restore -- <file.tar.gz> [--replace]

backup copies the embedded database under DATA_DIR into one file.
While a server uses DATA_DIR, the server writes the file (it answers again once the copy is made).
restore makes DATA_DIR's database from such a file. When DATA_DIR already holds a database,
--replace is required; the old one is then kept beside it as pgdata.before-restore-<time>.
Stop the server that uses DATA_DIR before a restore. With DATABASE_URL, use pg_dump and pg_restore.`;

const STOP_FIRST = "stop it first, then run this again";

/** Runs "backup" or "restore"; resolves to the exit code (0 done, 1 failure, 2 usage error). */
export async function runBackupCli(argv: string[], env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (e) {
    out.error(`${e instanceof Error ? e.message : String(e)}\n\n${BACKUP_USAGE}`);
    return 2;
  }
  const [command, file] = parsed.positionals;
  if (parsed.values.help) {
    out.log(BACKUP_USAGE);
    return 0;
  }
  if ((command !== "backup" && command !== "restore") || !file || parsed.positionals.length > 2) {
    out.error(BACKUP_USAGE);
    return 2;
  }
  const config = cliConfig(env, out);
  if (!config) return 1;
  if (config.databaseUrl) {
    out.error("DATABASE_URL is set: back up a PostgreSQL server with pg_dump (see README, Deploying).");
    return 1;
  }
  const path = resolve(file);
  return command === "backup"
    ? backup(config, path, out)
    : restore(config.dataDir, path, parsed.values.replace ?? false, out, detailed(env));
}

/** Copies DATA_DIR's database into `file`, in the server holding DATA_DIR or in this process. */
async function backup(config: AppConfig, file: string, out: Output): Promise<number> {
  if (!existsSync(join(config.dataDir, "pgdata", "PG_VERSION"))) {
    out.error(`There is no database under ${config.dataDir} to back up.`);
    return 1;
  }
  return runOnDatabase(config, "backup", { file }, out, (database, args) =>
    backupCommand(database, args, out),
  );
}

/** Makes DATA_DIR's database from a backup, then opens it once, which applies newer migrations. */
async function restore(
  dataDir: string,
  file: string,
  replace: boolean,
  out: Output,
  showDetail: boolean,
): Promise<number> {
  if (!existsSync(file)) {
    out.error(`${file} does not exist.`);
    return 1;
  }
  // Held from before the old database is moved aside until the new one has been opened once.
  const lock = lockDataDir(dataDir, "npm run restore", STOP_FIRST);
  try {
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch (e) {
      const problem = fileProblem(file, e, "read");
      if (!problem) throw e;
      out.error(`Nothing was restored: ${problem}.`);
      return 1;
    }
    if (!isBackupFile(bytes)) {
      out.error(`${file} is not a backup made by npm run backup.`);
      return 1;
    }
    return await restoreLocked(dataDir, file, bytes, { replace, showDetail }, out, lock);
  } finally {
    lock.release();
  }
}

async function restoreLocked(
  dataDir: string,
  file: string,
  bytes: Buffer,
  { replace, showDetail }: { replace: boolean; showDetail: boolean },
  out: Output,
  lock: DataDirLock,
): Promise<number> {
  const dir = join(dataDir, "pgdata");
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  let keptAs: string | undefined;
  if (existsSync(join(dir, "PG_VERSION"))) {
    if (!replace) {
      out.error(`${dataDir} already holds a database: add --replace to keep it aside and restore over it.`);
      return 1;
    }
    keptAs = `${dir}.before-restore-${stamp}`;
    renameSync(dir, keptAs);
  }
  try {
    mkdirSync(dir, { recursive: true });
    const client = new PGlite(dir, {
      extensions: pgliteExtensions,
      postgresqlconf: PGLITE_SETTINGS,
      loadDataDir: new Blob([bytes]),
    });
    await client.waitReady;
    await client.close();
    const database = await openDatabase({ dataDir, lock });
    await database.close();
  } catch (e) {
    out.error(`${file} could not be restored: ${unrestored(dataDir, e)}.`);
    if (showDetail) out.error(inspect(loggableError(e)));
    // Half-restored files are removed, never left where the server would open them.
    rmSync(dir, { recursive: true, force: true });
    if (keptAs) {
      renameSync(keptAs, dir);
      out.error("The database that was there is back in place.");
    }
    return 1;
  }
  out.log(
    `Restored ${file} into ${dataDir}.${keptAs ? ` The database that was there is kept as ${keptAs}.` : ""}`,
  );
  return 0;
}

/** Why a backup's files did not become a database, in words for the operator. */
function unrestored(dataDir: string, e: unknown): string {
  if (isDiskFull(e)) return `there is no space left in DATA_DIR ${dataDir}`;
  const problem = fileProblem(join(dataDir, "pgdata"), e, "write");
  if (problem) return problem;
  return "its files do not open as a database (the backup is damaged, or was made by another PostgreSQL version)";
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: true,
    options: { replace: { type: "boolean" }, help: { type: "boolean", short: "h" } },
  });
}

runIfMain(import.meta.url, process.argv[2] === "restore" ? "restore" : "backup", (argv) =>
  runBackupCli(argv, process.env, console),
);
