import type { PGlite } from "@electric-sql/pglite";

/**
 * When the embedded database vacuums. PGlite has no autovacuum, so without this a server that runs
 * for weeks keeps every dead row version its edits leave (the files only grow) and its index-only
 * scans fetch more and more rows from the tables: after every application of the largest meeting
 * had been updated three times, its summary pages took 2.99 ms instead of 2.55 ms (100,000
 * applications, in-process).
 */
export const VACUUM_TIMES = {
  /** After opening: every table, once (the counts of dead rows start again at zero on each open). */
  firstMs: 5_000,
  /** Then, this often: the tables that autovacuum's own thresholds say are due. */
  everyMs: 10 * 60_000,
};

/**
 * PostgreSQL's default autovacuum thresholds: a table is vacuumed once its dead rows pass 50 and a
 * fifth of its live ones, and its statistics refreshed once the rows changed since they were last
 * gathered pass 50 and a tenth.
 */
const VACUUM_THRESHOLD = { base: 50, share: 0.2 };
const ANALYZE_THRESHOLD = { base: 50, share: 0.1 };

interface TableActivity {
  name: string;
  live: number;
  dead: number;
  changed: number;
}

/** What each table needs now, by the thresholds above (or everything, with `all`). */
export async function dueStatements(client: PGlite, all = false): Promise<string[]> {
  // The statistics of the latest statements reach the views at the end of the next transaction.
  await client.query("select pg_stat_force_next_flush()");
  const { rows } = await client.query<TableActivity>(
    `select format('%I.%I', schemaname, relname) as name, n_live_tup::float8 as live,
       n_dead_tup::float8 as dead, n_mod_since_analyze::float8 as changed
     from pg_stat_user_tables order by relname`,
  );
  const statements: string[] = [];
  for (const t of rows) {
    if (all || t.dead > VACUUM_THRESHOLD.base + VACUUM_THRESHOLD.share * t.live) {
      statements.push(`VACUUM (ANALYZE) ${t.name}`);
    } else if (t.changed > ANALYZE_THRESHOLD.base + ANALYZE_THRESHOLD.share * t.live) {
      statements.push(`ANALYZE ${t.name}`);
    }
  }
  return statements;
}

/**
 * Vacuums the embedded database while it is open: every table shortly after opening, then the due
 * ones every `times.everyMs`. One statement per table, each its own turn in the statement queue,
 * so requests are answered between tables (the applications table alone takes about 1.2 s at
 * 100,000 applications, and holds the one connection while it runs). A round is skipped while
 * `canWrite` says there is no room (it would only fail); a failed round is no fault. `stop`
 * ends the rounds and waits for the one under way, between two tables.
 */
export function vacuumWhileOpen(
  client: PGlite,
  { canWrite, times = VACUUM_TIMES }: { canWrite: () => boolean; times?: typeof VACUUM_TIMES },
): { stop(): Promise<void> } {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;

  const round = async (all: boolean) => {
    if (!canWrite()) return;
    for (const statement of await dueStatements(client, all)) {
      if (stopped) return;
      await client.exec(statement);
    }
  };
  const schedule = (ms: number, all: boolean) => {
    timer = setTimeout(() => {
      running = round(all)
        .catch(() => {})
        .finally(() => {
          if (!stopped) schedule(times.everyMs, false);
        });
    }, ms);
    timer.unref();
  };
  schedule(times.firstMs, true);

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
