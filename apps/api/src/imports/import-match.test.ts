import { describe, expect, it } from "vitest";
import { matchRows, type StoredKey } from "./import-match.js";
import type { ImportedRow } from "./import-row.js";

const row = (n: number, passportKey: string, email: string, meetingId = "m1"): ImportedRow => ({
  rowNumber: n,
  name: `Row ${n}`,
  meetingId,
  fields: { passportKey, email },
  status: "Pending",
});
const stored = (id: string, passportKey: string, email: string, meetingId = "m1"): StoredKey => ({
  id,
  meetingId,
  passportKey,
  email,
});
let next = 0;
const newId = () => `new-${++next}`;
const summary = (r: ReturnType<typeof matchRows>) =>
  r.matches.map((m) => `${m.row.rowNumber}:${m.id}:${m.how}`);

describe("matchRows", () => {
  it("prefers the passport number, then a stored application with the e-mail, else creates", () => {
    next = 0;
    const r = matchRows(
      [stored("a", "P1", "x@example.test"), stored("b", "P2", "y@example.test")],
      [row(2, "P2", "other@example.test"), row(3, "P9", "x@example.test"), row(4, "P8", "z@example.test")],
      newId,
    );
    expect(summary(r)).toEqual(["2:b:passport number", "3:a:email", "4:new-1:new"]);
    expect(r.errors).toEqual([]);
  });

  it("refuses a numeric passport number that is a stored one without its leading zeros", () => {
    next = 0;
    const r = matchRows(
      [stored("a", "0012345", "x@example.test")],
      [
        row(2, "12345", "x@example.test"),
        row(3, "12345", "y@example.test"),
        row(4, "0012345", "y@example.test"),
      ],
      newId,
    );
    expect(summary(r)).toEqual(["4:a:passport number"]);
    expect(r.errors.map((e) => e.name)).toEqual(["Row 2", "Row 3"]);
    expect(r.errors[0]?.error).toMatch(
      /^passportNumber: is the passport number of an application of this meeting without its leading zeros/,
    );
  });

  it("tells a leading zero of letters and digits from one a spreadsheet drops", () => {
    next = 0;
    const r = matchRows(
      [stored("a", "0A12345", "x@example.test")],
      [row(2, "A12345", "y@example.test")],
      newId,
    );
    expect(summary(r)).toEqual(["2:new-1:new"]);
  });

  it("matches the oldest stored application when two share a passport number", () => {
    const r = matchRows(
      [stored("old", "P1", "a@example.test"), stored("new", "P1", "b@example.test")],
      [row(2, "P1", "c@example.test")],
    );
    expect(summary(r)).toEqual(["2:old:passport number"]);
  });

  it("refuses a row whose e-mail names several unclaimed applications and whose passport none", () => {
    const r = matchRows(
      [stored("a", "P1", "shared@example.test"), stored("b", "P2", "shared@example.test")],
      [
        row(2, "P3", "shared@example.test"),
        row(3, "P1", "shared@example.test"),
        row(4, "P4", "shared@example.test"),
      ],
      newId,
    );
    expect(r.errors).toEqual([
      {
        name: "Row 2",
        error: "email: matches several applications of this meeting and the passport number none",
      },
    ]);
    // Once row 3 claims "a", only "b" is free for an e-mail match.
    expect(summary(r)).toEqual(["3:a:passport number", "4:b:email"]);
  });

  it("never matches by e-mail an application the file created, but does by its passport number", () => {
    next = 0;
    const r = matchRows(
      [],
      [
        row(2, "P1", "same@example.test"),
        row(3, "P2", "same@example.test"),
        row(4, "P1", "new@example.test"),
      ],
      newId,
    );
    expect(summary(r)).toEqual(["2:new-1:new", "3:new-2:new", "4:new-1:passport number"]);
  });

  it("finds an application by the passport number an earlier row gave it", () => {
    const r = matchRows(
      [stored("a", "P1", "x@example.test")],
      [row(2, "P7", "x@example.test"), row(3, "P7", "elsewhere@example.test")],
    );
    expect(summary(r)).toEqual(["2:a:email", "3:a:passport number"]);
  });

  it("keeps meetings apart", () => {
    next = 0;
    const r = matchRows(
      [stored("a", "P1", "x@example.test", "m1")],
      [row(2, "P1", "x@example.test", "m2")],
      newId,
    );
    expect(summary(r)).toEqual(["2:new-1:new"]);
  });
});
