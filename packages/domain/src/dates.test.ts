import { describe, expect, it } from "vitest";
import {
  DAY_MESSAGE,
  DAY_WITH_TIME_MESSAGE,
  dayToIso,
  formatDayLong,
  formatDayUS,
  formatTimestampEastern,
  readDayInput,
  toDay,
} from "./dates.js";

describe("toDay", () => {
  it.each([
    ["1990-01-01", "1990-01-01"],
    ["1990-01-01T00:00:00.000Z", "1990-01-01"],
    ["2024-02-29", "2024-02-29"],
    ["2000-02-29", "2000-02-29"],
    ["1990-04-30", "1990-04-30"],
    [" 2030-12-31 ", "2030-12-31"],
  ])("reads %s as %s", (input, day) => {
    expect(toDay(input)).toBe(day);
  });

  it.each([
    "2023-02-29",
    "1900-02-29",
    "1990-04-31",
    "1990-00-10",
    "1990-01-00",
    "0099-01-01",
    "1990-13-01",
    "1990-1-1",
    "1990-0a-01",
    "1990-01-1:",
    "+990-01-01",
    "1990/01/01",
    "1990-01-0\u0661",
    "01/02/1990",
    "",
    "1990-01-01T25:00:00Z",
    "not a date",
  ])("refuses %j", (input) => {
    expect(toDay(input)).toBeNull();
  });

  it("round-trips through the wire format without moving the day", () => {
    for (const day of ["1990-01-01", "2000-02-29", "2031-12-31"]) {
      expect(toDay(dayToIso(day))).toBe(day);
    }
  });
});

describe("readDayInput", () => {
  it.each([
    ["2030-03-02", "2030-03-02"],
    [" 2030-03-02 ", "2030-03-02"],
    ["2030-03-02T00:00:00.000Z", "2030-03-02"],
    ["2030-03-02T00:00Z", "2030-03-02"],
    // Midnight where it was written is that day, not the UTC day before or after.
    ["2030-03-02T00:00:00+09:00", "2030-03-02"],
    ["2030-03-02T00:00:00.000-05:00", "2030-03-02"],
    ["2030-03-02T00:00:00+0530", "2030-03-02"],
  ])("reads %j as %s", (input, day) => {
    expect(readDayInput(input)).toEqual({ day });
  });

  it.each([
    "2030-03-02T00:30:00+09:00",
    "2030-03-01T15:00:00.000Z",
    "2030-03-02T12:00:00Z",
    "2030-03-02T00:00:00.001Z",
  ])("refuses the time of day in %j", (input) => {
    expect(readDayInput(input)).toEqual({ error: DAY_WITH_TIME_MESSAGE });
  });

  it.each([
    "2030-02-30",
    "2030-02-30T00:00:00Z",
    "2030-03-02T25:00:00Z",
    "2030-03-02T00:00",
    "03/02/2030",
    "",
  ])("refuses %j as no date", (input) => {
    expect(readDayInput(input)).toEqual({ error: DAY_MESSAGE });
  });
});

describe("formatting", () => {
  it("shows days in US format from their calendar parts", () => {
    expect(formatDayUS("1990-01-01T00:00:00.000Z")).toBe("01/01/1990");
    expect(formatDayUS("2031-12-31")).toBe("12/31/2031");
    expect(formatDayLong("2030-03-01")).toBe("March 1, 2030");
    expect(formatDayUS(null)).toBe("");
  });

  it("names every month as US English does", () => {
    for (let m = 1; m <= 12; m++) {
      const day = `2031-${String(m).padStart(2, "0")}-09`;
      const month = new Date(`${day}T00:00:00.000Z`).toLocaleString("en-US", {
        month: "long",
        timeZone: "UTC",
      });
      expect(formatDayLong(day)).toBe(`${month} 9, 2031`);
    }
    expect(formatDayLong("2031-12-31T00:00:00.000Z")).toBe("December 31, 2031");
    expect(formatDayLong("2031-02-30")).toBe("");
  });

  it("shows timestamps in US Eastern time", () => {
    // 05:30 UTC on 2 January is 00:30 in New York (EST, UTC-5)
    expect(formatTimestampEastern("2026-01-02T05:30:00.000Z")).toMatch(/^01\/02\/2026, 12:30 AM EST$/);
    // 03:30 UTC on 2 July is 23:30 on 1 July in New York (EDT, UTC-4)
    expect(formatTimestampEastern("2026-07-02T03:30:00.000Z")).toMatch(/^07\/01\/2026, 11:30 PM EDT$/);
  });
});
