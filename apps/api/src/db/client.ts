import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { migrateLocked } from "./migrate-locked.js";
import { takeTurns } from "./pglite-turns.js";
import * as schema from "./schema.js";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction or the database itself: services accept either. */
export type DbOrTx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export interface Database {
  db: Db;
  kind: "embedded" | "postgres";
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Refreshes the planner's statistics after a bulk write. A PostgreSQL server's autovacuum does
   * this by itself; the embedded database has no autovacuum, so without it the planner would go
   * on planning for the table as it was (and read whole tables where an index serves).
   */
  analyzeAfterBulkWrite(table: string): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = join(import.meta.dirname, "migrations");

/**
 * An empty embedded database made by `npm run build` (scripts/build.mjs): a new data directory
 * starts as a copy of it instead of running initdb, which takes 10 s or more and ~300 MB more
 * memory. Without a build (tests, `npm run dev`) initdb runs as before.
 */
export const PGLITE_TEMPLATE = join(import.meta.dirname, "pgdata-template.tar.gz");

/**
 * PostgreSQL's default 128 MB of shared buffers is zeroed at every open of the embedded database
 * (about a second of each start) and stays resident; the data files still sit in the operating
 * system's file cache, so a smaller pool costs little.
 */
export const PGLITE_SETTINGS = ["shared_buffers=32MB"];

/** How long after opening the embedded database its vacuum runs. */
const VACUUM_DELAY_MS = 5000;

/**
 * Contrib extensions the migrations create (the search's trigram indexes). PGlite has no extension
 * files on disk: each must be handed over whenever a database opens, not only when it is created,
 * or the indexes that use them cannot be read or updated.
 */
export const pgliteExtensions = { pg_trgm, btree_gin };

/** A table name quoted for SQL (callers pass constants; quoting keeps that an invariant). */
function pgIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Opens the embedded database (a directory, or memory) or a PostgreSQL server, and migrates it. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  inMemory?: boolean;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 20, connectionTimeoutMillis: 3000 });
    // A server that goes away must not crash the process: the pool reconnects on next use.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    await migrateLocked(pool, migrationsFolder);
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      analyzeAfterBulkWrite: async () => {},
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (opts.inMemory) {
    client = new PGlite({ extensions: pgliteExtensions });
  } else {
    const dir = join(opts.dataDir, "pgdata");
    mkdirSync(dir, { recursive: true });
    const fromTemplate = !existsSync(join(dir, "PG_VERSION")) && existsSync(PGLITE_TEMPLATE);
    client = new PGlite(dir, {
      extensions: pgliteExtensions,
      postgresqlconf: PGLITE_SETTINGS,
      loadDataDir: fromTemplate ? new Blob([readFileSync(PGLITE_TEMPLATE)]) : undefined,
    });
  }
  await client.waitReady;
  takeTurns(client);
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  // No autovacuum here: vacuum and analyze once per open, so dead rows of the last run are
  // reclaimed and the statistics match the data (a fresh in-memory database has nothing to do).
  // It runs shortly after the open, not before the server answers: it took seconds of a start.
  let vacuuming: Promise<unknown> | undefined;
  const vacuumTimer = opts.inMemory
    ? undefined
    : setTimeout(() => {
        vacuuming = client.exec("VACUUM (ANALYZE)").catch(() => {});
      }, VACUUM_DELAY_MS);
  vacuumTimer?.unref();
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: "embedded",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    analyzeAfterBulkWrite: async (table) => {
      await client.exec(`ANALYZE ${pgIdentifier(table)}`);
    },
    close: async () => {
      clearTimeout(vacuumTimer);
      await vacuuming;
      await client.close();
    },
  };
}
