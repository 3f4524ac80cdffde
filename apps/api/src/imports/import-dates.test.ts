import { describe, expect, it } from "vitest";
import { NO_SLASH_EVIDENCE, readImportDay, type SlashEvidence } from "./import-dates.js";

const dayFirst: SlashEvidence = { dayFirst: "row 2's birthdate", monthFirst: null };
const monthFirst: SlashEvidence = { dayFirst: null, monthFirst: "row 3's birthdate" };
const both: SlashEvidence = { dayFirst: "row 2's birthdate", monthFirst: "row 3's birthdate" };
const read = (value: string, evidence = NO_SLASH_EVIDENCE) => readImportDay(value, evidence);

describe("reading a date cell as a spreadsheet saved it", () => {
  it.each([
    ["1990-12-31", "1990-12-31"],
    ["1990-2-4", "1990-02-04"],
    ["1990/12/31", "1990-12-31"],
    ["31.12.1990", "1990-12-31"],
    ["4.2.1990", "1990-02-04"],
    ["31/12/1990", "1990-12-31"],
    ["12/31/1990", "1990-12-31"],
    ["3/3/1990", "1990-03-03"],
    ["1990-12-31 00:00:00", "1990-12-31"],
    ["1990-12-31T00:00:00.000Z", "1990-12-31"],
    // Midnight at an offset is the day it writes, as the API reads it, not the UTC day before.
    ["1990-12-31T00:00:00+09:00", "1990-12-31"],
    ["12/31/1990 0:00", "1990-12-31"],
    ["12/31/1990 12:00:00 AM", "1990-12-31"],
  ])("reads %s as %s, whatever the file's other dates", (value, day) => {
    for (const evidence of [NO_SLASH_EVIDENCE, dayFirst, monthFirst, both]) {
      expect(read(value, evidence)).toEqual({ day });
    }
  });

  it("reads 03/04/1990 in the order the file's other dates prove", () => {
    expect(read("03/04/1990", dayFirst)).toEqual({ day: "1990-04-03" });
    expect(read("03/04/1990", monthFirst)).toEqual({ day: "1990-03-04" });
  });

  it("refuses 03/04/1990 when the file proves no order, or both", () => {
    expect(read("03/04/1990")).toEqual({
      error:
        "could be day or month first (as 03/04/1990 could be 3 April or 4 March), and no date in the file shows which: write it as YYYY-MM-DD",
    });
    expect(read("03/04/1990", both)).toEqual({
      error:
        "could be day or month first, and the file writes dates both ways (row 2's birthdate day first, row 3's birthdate month first): write it as YYYY-MM-DD",
    });
  });

  it.each([
    ["32918", "is a number, as a spreadsheet shows a date"],
    ["3/4/90", "must be a date with a four-digit year (YYYY-MM-DD)"],
    ["1990-12-30T23:00:00.000Z", "must be a date without a time of day (YYYY-MM-DD)"],
    ["1990-12-31T00:30:00+09:00", "must be a date without a time of day (YYYY-MM-DD)"],
    ["12/31/1990 14:30", "must be a date without a time of day (YYYY-MM-DD)"],
    ["31/31/1990", "must be a date (YYYY-MM-DD)"],
    ["1990-02-30", "must be a date (YYYY-MM-DD)"],
    ["30.02.1990", "must be a date (YYYY-MM-DD)"],
    ["31-12-1990", "must be a date (YYYY-MM-DD)"],
    ["next Tuesday", "must be a date (YYYY-MM-DD)"],
  ])("refuses %s, saying why", (value, error) => {
    expect((read(value, dayFirst) as { error: string }).error).toContain(error);
  });
});
