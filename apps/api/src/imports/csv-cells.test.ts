import { describe, expect, it } from "vitest";
import { neutraliseCell, restoreCell } from "./csv-cells.js";

describe("formula neutralising", () => {
  it.each([
    ['=HYPERLINK("http://x")', '\'=HYPERLINK("http://x")'],
    ["+1 555 0100", "'+1 555 0100"],
    ["-5", "'-5"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tx", "'\tx"],
    ["\r=1", "'\r'=1"],
    ["Smith\n=cmd|' /C calc'!A0", "Smith\n'=cmd|' /C calc'!A0"],
    ["Line one\r\n+1 555\r\n'-x", "Line one\r\n'+1 555\r\n''-x"],
    ["'=already", "''=already"],
    ["Plain", "Plain"],
    ["O'Brien", "O'Brien"],
    ["'quoted", "'quoted"],
  ])("%j exports as %j and restores exactly", (value, exported) => {
    expect(neutraliseCell(value)).toBe(exported);
    expect(restoreCell(neutraliseCell(value))).toBe(value);
  });

  it("takes the apostrophe a spreadsheet user typed off a phone number", () => {
    expect(restoreCell("'+1 555 0100")).toBe("+1 555 0100");
    expect(restoreCell("'Brien")).toBe("'Brien");
  });
});
