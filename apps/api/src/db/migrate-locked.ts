import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type pg from "pg";

/**
 * The session-level advisory lock held while a server migrates. Two int4 keys, a key space apart
 * from the single-key locks taken per meeting (hashtext of its id).
 */
const MIGRATION_LOCK = [0x76697361, 1] as const;

/**
 * Applies the migrations on a PostgreSQL server under an advisory lock: servers started together
 * migrate one after another, the first applies what is new and the others find nothing left.
 * Without it each read the same list of applied migrations and all but one failed half-way.
 * `client` is a connection of its own, without the pool's query timeout: a migration that builds
 * an index on a large table may take minutes.
 */
export async function migrateLocked(client: pg.Client, migrationsFolder: string): Promise<void> {
  await client.query("select pg_advisory_lock($1, $2)", [...MIGRATION_LOCK]);
  try {
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1, $2)", [...MIGRATION_LOCK]);
  }
}
