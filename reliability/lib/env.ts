import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { ScaleSummary } from "../../apps/api/src/cli/seed-scale.js";
import { type Session, sessionFor } from "../../bench/lib/http.js";
import { ServerProcess } from "../../bench/lib/server.js";
import { type DbKind, prepareTarget, querySql, seedTarget, type Target } from "../../bench/lib/target.js";

export interface Env {
  target: Target;
  seed: ScaleSummary;
  admin: Session;
  user: Session;
  /** Ids of ordinary (non-admin) users, for clients that act as many people. */
  userIds: string[];
  logFile: string;
  /** Starts the server, each time on a port free at that moment. */
  start(extraEnv?: Record<string, string>): Promise<ServerProcess>;
}

/** A modest data set: enough rows for realistic pages, small enough to seed in seconds. */
export const RELIABILITY_SCALE = {
  meetings: 6,
  users: 300,
  applications: 3_000,
  largest: 1_000,
  zipApproved: 50,
};

/**
 * A fresh, seeded target and a way to start the production server on it. The server, and a
 * throwaway PostgreSQL server, listen on ports free at run time: runs side by side never meet.
 */
export async function prepareEnv(
  kind: DbKind,
  name: string,
  opts: {
    durable?: boolean;
    logLevel?: string;
    scale?: Partial<typeof RELIABILITY_SCALE>;
  } = {},
): Promise<Env> {
  const target = await prepareTarget(kind, name, { durable: opts.durable });
  let seed: ScaleSummary;
  let rows: Record<string, unknown>[];
  try {
    seed = await seedTarget(target, { ...RELIABILITY_SCALE, ...opts.scale });
    rows = await querySql(target, "select id from users where not is_admin order by email limit 200");
  } catch (e) {
    await target.cleanup();
    throw e;
  }
  const logFile = join(target.workDir, "server.log");
  return {
    target,
    seed,
    admin: await sessionFor({ id: seed.adminId, isAdmin: true }),
    user: await sessionFor({ id: seed.sampleUserId, isAdmin: false }),
    userIds: rows.map((r) => String(r.id)),
    logFile,
    start: (extraEnv = {}) =>
      ServerProcess.start({
        dataDir: target.dataDir,
        databaseUrl: target.databaseUrl,
        logFile,
        logLevel: opts.logLevel ?? "warn",
        env: extraEnv,
      }),
  };
}

/** Messages of the faults the server logged ("request failed" and worse), one per distinct message. */
export function loggedFaults(logFile: string): string[] {
  const out = new Set<string>();
  let text = "";
  try {
    text = readFileSync(logFile, "utf8");
  } catch {
    return [];
  }
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry = JSON.parse(line) as {
        level?: number;
        msg?: string;
        err?: { message?: string };
        url?: string;
      };
      if ((entry.level ?? 0) >= 50) out.add(`${entry.msg ?? ""}: ${entry.err?.message ?? ""}`.slice(0, 300));
    } catch {
      // not a log entry
    }
  }
  return [...out];
}

/** Prints a check's outcome and remembers failures for the exit code. */
export class Verdict {
  readonly failures: string[] = [];
  /** Every check's line, for reports. */
  readonly lines: string[] = [];
  passed = 0;
  check(ok: boolean, what: string, detail = ""): boolean {
    const line = `${ok ? "PASS" : "FAIL"}  ${what}${detail ? ` — ${detail}` : ""}`;
    this.lines.push(line);
    console.log(line);
    if (ok) this.passed++;
    else this.failures.push(what);
    return ok;
  }
  /** Removes a run's working files when every check passed; otherwise keeps them for reading. */
  cleanUp(workDir: string, logFile: string): void {
    if (this.failures.length === 0) rmSync(workDir, { recursive: true, force: true });
    else console.log(`kept ${workDir} (server log: ${logFile})`);
  }
  /** Ends with the plain "N passed, N failed" line and a matching exit code. */
  exit(): never {
    if (this.failures.length) console.log(`Failed: ${this.failures.join("; ")}`);
    console.log(`${this.passed} passed, ${this.failures.length} failed`);
    process.exit(this.failures.length === 0 ? 0 : 1);
  }
}
