import { LETTER_REFERENCE_RE } from "@visa/domain";
import { describe, expect, it } from "vitest";
import { newLetterReference } from "./reference.js";

describe("letter references", () => {
  it("are VL- and 16 Crockford base-32 characters, all different", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const r = newLetterReference();
      expect(r).toMatch(LETTER_REFERENCE_RE);
      seen.add(r);
    }
    expect(seen.size).toBe(2000);
  });

  it("use every character of the alphabet (80 random bits, not a narrower range)", () => {
    const chars = new Set<string>();
    for (let i = 0; i < 500; i++)
      for (const c of newLetterReference().slice(3).replace(/-/g, "")) chars.add(c);
    expect(chars.size).toBe(32);
  });
});
