import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "./client.js";

/** A database that a newer version migrated: this version must not write to it. */
export class NewerDatabaseError extends Error {}

/**
 * Refuses a database that holds migrations this build does not have. Drizzle applies only
 * migrations newer than the last applied one, so an older build found nothing to do and went on
 * writing rows the newer schema's rules (triggers, hashes, new columns) no longer expected.
 * Drizzle records each migration by its time in the journal (`when`), which orders them: since
 * 0029 each is a day past the one before, ahead of the day it was written, so the refusal names
 * no date (it would be a day yet to come).
 */
export async function refuseNewerDatabase(db: Db, migrationsFolder: string, where: string): Promise<void> {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: Array<{ tag: string; when: number }>;
  };
  const last = journal.entries.at(-1);
  if (!last) return;
  const result = await db.execute(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations where created_at > ${last.when}`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
    n: number;
  }>;
  const newer = rows[0]?.n;
  if (!newer) return;
  const count = newer === 1 ? "a migration" : `${newer} migrations`;
  throw new NewerDatabaseError(
    `The database in ${where} was upgraded by a newer version of the portal (${count} this version does not know; this version's last is ${last.tag}); this version cannot use it: run the newer version, or restore a backup made for this one.`,
  );
}
