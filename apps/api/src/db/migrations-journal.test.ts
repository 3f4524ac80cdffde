import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const folder = join(import.meta.dirname, "migrations");
const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8")) as {
  entries: { idx: number; when: number; tag: string }[];
};

/**
 * Drizzle applies a migration only if its time in the journal (`when`) is later than that of the
 * last migration the database has: a new migration stamped earlier than the one before it runs
 * on a new database (every test) and is silently skipped on every existing one (every upgrade).
 * `drizzle-kit generate` stamps the time it runs, and since 0029 each migration's time is a day
 * past the one before, ahead of the calendar: a migration generated now may need its `when` moved.
 */
describe("the migrations' journal", () => {
  it("gives each migration a time later than the one before, so an upgraded database applies it", () => {
    const late = journal.entries.flatMap((entry, i) => {
      const before = journal.entries[i - 1];
      return before && entry.when <= before.when
        ? [`${entry.tag}: set its "when" to ${before.when + 86_400_000}, later than ${before.tag}'s`]
        : [];
    });
    expect(late).toEqual([]);
  });
});
