import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { describe, expect, it } from "vitest";
import * as schema from "./schema.js";

const folder = join(import.meta.dirname, "migrations");
const readJson = (file: string) => JSON.parse(readFileSync(join(folder, "meta", file), "utf8"));
const journal = readJson("_journal.json") as { entries: { idx: number; when: number; tag: string }[] };

/**
 * How `npm run db:generate` (drizzle-kit) writes a migration that an upgrade applies: from the
 * difference between schema.ts and the newest snapshot in migrations/meta, stamped with the time
 * it runs. See "Adding a field to an application" in ARCHITECTURE.md.
 */
describe("the migrations' journal", () => {
  /*
   * Drizzle applies a migration only if its time in the journal (`when`) is later than that of
   * the last migration the database has: one stamped earlier than the one before it runs on a
   * new database (every test) and is silently skipped on every existing one (every upgrade). Since
   * 0029 each migration's time is a day past the one before, ahead of the calendar.
   */
  it("gives each migration a time later than the one before, so an upgraded database applies it", () => {
    const late = journal.entries.flatMap((entry, i) => {
      const before = journal.entries[i - 1];
      return before && entry.when <= before.when
        ? [`${entry.tag}: set its "when" to ${before.when + 86_400_000}, later than ${before.tag}'s`]
        : [];
    });
    expect(late).toEqual([]);
  });

  // A stale snapshot makes the next generated migration repeat changes already made (or ask
  // about renames that never happened).
  it("has schema.ts as its newest snapshot, so a generated migration holds only what changed", async () => {
    const newest = readdirSync(join(folder, "meta"))
      .filter((file) => file.endsWith("_snapshot.json"))
      .sort()
      .at(-1);
    const snapshot = readJson(newest ?? "");
    const statements = await generateMigration(snapshot, generateDrizzleJson(schema, snapshot.id));
    // A change to schema.ts goes with a migration that `npm run db:generate` writes (with
    // `-- --custom` for one whose SQL is written by hand), which writes the snapshot too.
    expect(statements, `schema.ts differs from migrations/meta/${newest}`).toEqual([]);
  });
});
