import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The API's migrations folder. */
export const MIGRATIONS = join(import.meta.dirname, "../db/migrations");

/** The migrations journal's entries, oldest first. */
export const journal = JSON.parse(readFileSync(join(MIGRATIONS, "meta/_journal.json"), "utf8")) as {
  entries: Array<{ tag: string }>;
};

/**
 * A copy of the migrations, in `work`, whose journal ends at `lastTag`: what an older version
 * applied, to build a database as it left one. Throws unless some migration comes after it.
 */
export function oldMigrationsFolder(work: string, lastTag: string): string {
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0 || last === journal.entries.length - 1) throw new Error(`no migration after ${lastTag}`);
  const folder = join(work, "migrations");
  cpSync(MIGRATIONS, folder, { recursive: true });
  const oldJournal = { ...journal, entries: journal.entries.slice(0, last + 1) };
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify(oldJournal));
  return folder;
}
