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
// Deletions have been recorded since before the meeting was made, unless a test says otherwise.
const live = (
  existing: string[],
  meetingCreatedAt = "2030-01-05T08:00:00.000000Z",
  { deleted = ["gone", "gone-too"], recordedSince = "2030-01-01T00:00:00.000000Z" } = {},
): LiveApplications => ({
  existing: new Set(existing),
  deleted: new Set(deleted),
  recordedSince,
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

  it("creates a row whose id was never deleted here under that id, as after a restore", () => {
    // Made after the backup this database was restored from: unknown, and recorded nowhere.
    const r = matchRowsOfLiveApplications(
      stored,
      [row(2, "P9", "since-backup"), row(3, "P9"), row(4, "P8", "since-backup")],
      live([]),
    );
    expect(r.errors).toEqual([]);
    expect(summary(r)).toEqual(["2:new", "3:passport number", "4:new"]);
    // Row 3 updates what row 2 created; the id goes to one request only.
    expect(r.matches[0]?.id).toBe("since-backup");
    expect(r.matches[1]?.id).toBe("since-backup");
    expect(r.matches[2]?.id).not.toBe("since-backup");
  });

  it("never gives a new request the id of a deleted or living application", () => {
    const r = matchRowsOfLiveApplications(
      stored,
      [row(2, "P9", "gone")],
      live([], "2030-03-02T10:15:30.123457Z", { recordedSince: "2030-03-03T00:00:00.000000Z" }),
    );
    // Its meeting is newer than the file, yet the id is recorded as deleted: it fails.
    expect(r.errors).toEqual([{ name: "Row 2", error: DELETED_SINCE_EXPORT }]);
    const moved = matchRowsOfLiveApplications(stored, [row(2, "P9", "live")], live(["live"]));
    expect(moved.matches.map((m) => m.how)).toEqual(["new"]);
    expect(moved.matches[0]?.id).not.toBe("live");
  });

  it("keeps the earlier rule for rows changed before deletions were recorded", () => {
    const before = { deleted: [], recordedSince: "2030-03-02T10:15:30.123457Z" };
    const r = matchRowsOfLiveApplications(stored, [row(2, "P9", "unrecorded")], live([], undefined, before));
    expect(r.errors).toEqual([{ name: "Row 2", error: DELETED_SINCE_EXPORT }]);
    // Changed at the very moment recording began, or later: unknown ids come back.
    const since = { deleted: [], recordedSince: EXPORTED };
    const after = matchRowsOfLiveApplications(
      stored,
      [row(2, "P9", "unrecorded")],
      live([], undefined, since),
    );
    expect(after.errors).toEqual([]);
    expect(after.matches[0]?.id).toBe("unrecorded");
  });
});
