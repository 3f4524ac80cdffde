import { readFileSync } from "node:fs";
import fontkit from "@pdf-lib/fontkit";
import { describe, expect, it } from "vitest";
import { cmapCodePoints, letterCodePoints } from "./font-coverage.js";
import { letterFontFiles } from "./letter-font-files.js";

describe("the letter font's cmap", () => {
  it.each(["regular", "bold"] as const)(
    "reads exactly the code points fontkit finds in the %s face",
    (face) => {
      const bytes = readFileSync(letterFontFiles()[face]);
      const ours = cmapCodePoints(bytes);
      const font = fontkit.create(bytes);
      const theirs = new Set(font.characterSet);
      expect(ours.size).toBe(theirs.size);
      for (const c of theirs) expect(ours.has(c)).toBe(true);
      // Spot checks, both ways.
      expect(ours.has("é".codePointAt(0) ?? 0)).toBe(true);
      expect(ours.has("王".codePointAt(0) ?? 0)).toBe(false);
    },
  );

  it("covers what both faces draw, Latin, Greek and Cyrillic but no CJK, Devanagari or Thai", () => {
    const glyphs = letterCodePoints();
    const has = (s: string) => [...s].every((ch) => glyphs.has(ch.codePointAt(0) ?? 0));
    expect(has("Zoë Łukasiewicz-Ñúñez Nguyễn Ελένη Дмитрий")).toBe(true);
    for (const s of ["王", "さ", "김", "प", "ส"]) expect(has(s)).toBe(false);
  });
});
