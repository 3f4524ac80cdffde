import { describe, expect, it } from "vitest";
import {
  DELETED_SINCE_EXPORT,
  type LiveApplications,
  matchRowsOfLiveApplications,
} from "./import-deleted.js";
import type { StoredKey } from "./import-match.js";
import type { ImportedRow } from "./import-row.js";

const EXPORTED = "2030-03-02T10:15:30.123456Z";
const row = (
  n: number,
  passportKey: string,
  applicationId?: string,
  lastChanged = EXPORTED,
): ImportedRow => ({
  rowNumber: n,
  name: `Row ${n}`,
  meetingId: "m1",
  fields: { passportKey, email: `${passportKey.toLowerCase()}@example.test` },
  status: "Pending",
  ...(applicationId ? { applicationId, lastChanged } : {}),
});
const stored: StoredKey[] = [{ id: "live", meetingId: "m1", passportKey: "P1", email: "p1@example.test" }];
const live = (existing: string[], meetingCreatedAt = "2030-01-05T08:00:00.000000Z"): LiveApplications => ({
  existing: new Set(existing),
  meetingCreatedAt: new Map([["m1", meetingCreatedAt]]),
});
const summary = (r: ReturnType<typeof matchRowsOfLiveApplications>) =>
  r.matches.map((m) => `${m.row.rowNumber}:${m.how}`);

describe("matchRowsOfLiveApplications", () => {
  it("fails a row of a deleted application that matches nothing, and matches the rest without it", () => {
    const r = matchRowsOfLiveApplications(
      stored,
      // Row 3 repeats the deleted request's passport number: without row 2 it is a new request.
      [row(2, "P9", "gone"), row(3, "P9"), row(4, "P1", "live"), row(5, "P7")],
      live(["live"]),
    );
    expect(r.errors).toEqual([{ name: "Row 2", error: DELETED_SINCE_EXPORT }]);
    expect(summary(r)).toEqual(["3:new", "4:passport number", "5:new"]);
  });

  it("lets a row of a deleted application update a stored one it matches", () => {
    // The person applied again after the deletion: the row matches the new request.
    const r = matchRowsOfLiveApplications(stored, [row(2, "P1", "gone")], live([]));
    expect(r.errors).toEqual([]);
    expect(r.matches.map((m) => `${m.row.rowNumber}:${m.id}`)).toEqual(["2:live"]);
  });

  it("fails every row of a deleted application, even one that matched another such row", () => {
    const r = matchRowsOfLiveApplications(stored, [row(2, "P9", "gone"), row(3, "P9", "gone-too")], live([]));
    expect(r.errors.map((e) => e.name)).toEqual(["Row 2", "Row 3"]);
    expect(r.matches).toEqual([]);
  });

  it("creates the rows of another installation's export, whose meeting here is newer than the file", () => {
    const r = matchRowsOfLiveApplications(
      stored,
      [row(2, "P9", "elsewhere")],
      live([], "2030-03-02T10:15:30.123457Z"),
    );
    expect(r.errors).toEqual([]);
    expect(summary(r)).toEqual(["2:new"]);
  });
});
