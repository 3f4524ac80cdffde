import { join } from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { DataDirLock, LockAdvice } from "../data-dir/data-dir-lock.js";
import { refuseNewerDatabase } from "./newer-database.js";
import { postgresStartError, requireUtf8, whereIs } from "./postgres-start.js";
import * as schema from "./schema.js";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: services accept either. */
export type DbOrTx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: "embedded" | "postgres";
  /** Resolves when the database answers a trivial query; on a server, rejects after `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Refreshes the planner's statistics after a bulk write. A PostgreSQL server's autovacuum does
   * this by itself; the embedded database has no autovacuum, so without it the planner would go
   * on planning for the table as it was (and read whole tables where an index serves).
   */
  analyzeAfterBulkWrite(table: string): Promise<void>;
  /**
   * Why writes fail at the moment (no space left), or undefined while they work; `reserve` is the
   * free space a write must leave (the embedded database's; WRITE_RESERVE unless said).
   */
  writeProblem(reserve?: number): string | undefined;
  /** The embedded database's hold on DATA_DIR (absent in memory and on a PostgreSQL server). */
  dataDirLock?: DataDirLock;
  close(): Promise<void>;
}

const migrationsFolder = join(import.meta.dirname, "migrations");

/**
 * Connections a process keeps to a PostgreSQL server. Few: the statements are short, and more
 * connections than the database's cores only make them take turns at the CPU. On two cores
 * shared with PostgreSQL (bench/read-path.ts), a pool of 50 served admin pages at half the rate
 * of one of 20, and one of 5 at the same rate with a p99 about a third lower.
 */
export const DEFAULT_POOL_SIZE = 5;

/**
 * How long a statement on a PostgreSQL server may go unanswered before its request fails with a
 * 503 (DATABASE_QUERY_TIMEOUT_SECONDS). Without a bound, a frozen server held requests until the
 * operating system gave up on the connection (over a minute). The slowest statements the portal
 * sends take seconds: a 1,000-row step of an import, a purged meeting's deletes, an export's read
 * (a whole 20,000-row import took 6 s on PostgreSQL, bench/RESULTS.md), plus waiting for a
 * meeting's lock held by another import. Migrations at start are not bounded.
 */
export const DEFAULT_QUERY_TIMEOUT_SECONDS = 60;

/** How long a new connection to a PostgreSQL server, or a wait for a pooled one, may take. */
const CONNECT_TIMEOUT_MS = 3000;

/**
 * Opens the embedded database (a directory, or memory) or a PostgreSQL server, and migrates it.
 * Only the chosen kind's driver is loaded: a server on PostgreSQL never loads PGlite's WebAssembly,
 * and an embedded one never loads the network driver.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  /** Connections kept to a PostgreSQL server (DATABASE_POOL_SIZE); DEFAULT_POOL_SIZE when not given. */
  poolSize?: number;
  /** How long a statement on a PostgreSQL server may go unanswered (DATABASE_QUERY_TIMEOUT_SECONDS). */
  queryTimeoutMs?: number;
  dataDir: string;
  inMemory?: boolean;
  /** Who opens the embedded database's DATA_DIR, as another process refused by its lock is told. */
  holder?: string;
  /** What such a refused process should do instead. */
  lockAdvice?: LockAdvice;
  /** DATA_DIR's lock, already taken by the caller (closing the database releases it). */
  lock?: DataDirLock;
  /** Whether the embedded database vacuums while open (default true; see vacuumWhileOpen). */
  vacuum?: boolean;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts);
  const { openEmbedded } = await import("./embedded.js");
  const database = await openEmbedded({ ...opts, migrationsFolder });
  if (!opts.inMemory) await refuseNewer(database, `DATA_DIR (${opts.dataDir})`);
  return database;
}

/** Closes `database` and throws when a newer version migrated it. */
async function refuseNewer(database: Database, where: string): Promise<void> {
  try {
    await refuseNewerDatabase(database.db, migrationsFolder, where);
  } catch (e) {
    await database.close();
    throw e;
  }
}

/**
 * A PostgreSQL server: checked and migrated on a connection of its own (migrations may take long
 * and are not bounded by the query timeout), then served through the pool. A server that cannot be
 * used is refused in one line (postgres-start.ts).
 */
async function openPostgres(
  databaseUrl: string,
  opts: { poolSize?: number; queryTimeoutMs?: number },
): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrateLocked }] = await Promise.all([
    import("pg"),
    import("drizzle-orm/node-postgres"),
    import("./migrate-locked.js"),
  ]);
  const setup = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  setup.on("error", () => {});
  try {
    await setup.connect();
    await requireUtf8(setup, databaseUrl);
    await migrateLocked(setup, migrationsFolder);
  } catch (e) {
    throw postgresStartError(e, databaseUrl);
  } finally {
    await setup.end().catch(() => {});
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: opts.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: opts.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_SECONDS * 1000,
  });
  // A server that goes away must not crash the process: the pool reconnects on next use.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const database: Database = {
    db,
    kind: "postgres",
    ping: async (timeoutMs) => {
      // pg takes a query's own query_timeout (missing from its types) before the pool's.
      const query = { text: "select 1", query_timeout: timeoutMs };
      await pool.query(query);
    },
    analyzeAfterBulkWrite: async () => {},
    writeProblem: () => undefined,
    close: () => pool.end(),
  };
  await refuseNewer(database, `DATABASE_URL (${whereIs(databaseUrl)})`);
  return database;
}
