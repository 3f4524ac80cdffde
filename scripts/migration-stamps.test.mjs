import { describe, expect, it } from "vitest";
import { DAY_MS, restamp } from "./migration-stamps.mjs";

describe("stamping a generated migration", () => {
  it("stamps a migration earlier than the one before a day after it", () => {
    const entries = [
      { idx: 0, tag: "0000_a", when: 10 * DAY_MS },
      { idx: 1, tag: "0001_b", when: 20 * DAY_MS },
      // drizzle-kit's stamp: the time it ran, before the journal's last stamp.
      { idx: 2, tag: "0002_c", when: 15 * DAY_MS },
    ];
    const { entries: fixed, restamped } = restamp(entries);
    expect(fixed.map((e) => e.when)).toEqual([10 * DAY_MS, 20 * DAY_MS, 21 * DAY_MS]);
    expect(fixed[2]).toMatchObject({ idx: 2, tag: "0002_c" });
    expect(restamped).toEqual(["0002_c"]);
  });

  it("keeps stamps that are already later than the one before", () => {
    const entries = [
      { idx: 0, tag: "0000_a", when: 10 },
      { idx: 1, tag: "0001_b", when: 11 },
    ];
    expect(restamp(entries)).toEqual({ entries, restamped: [] });
  });

  it("stamps a second migration of the same moment after the first", () => {
    const { entries: fixed } = restamp([
      { tag: "0000_a", when: 5 * DAY_MS },
      { tag: "0001_b", when: 4 * DAY_MS },
      { tag: "0002_c", when: 4 * DAY_MS },
    ]);
    expect(fixed.map((e) => e.when)).toEqual([5 * DAY_MS, 6 * DAY_MS, 7 * DAY_MS]);
  });
});
