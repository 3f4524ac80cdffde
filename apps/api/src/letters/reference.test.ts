import { LETTER_REFERENCE_RE } from "@visa/domain";
import { describe, expect, it } from "vitest";
import { newLetterReference, normaliseLetterReference } from "./reference.js";

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

  it("are read back from what a person types", () => {
    expect(normaliseLetterReference("vl-7k3m-9qx2-hb4t-r8wz")).toBe("VL-7K3M-9QX2-HB4T-R8WZ");
    expect(normaliseLetterReference(" VL 7K3M 9QX2 HB4T R8WZ ")).toBe("VL-7K3M-9QX2-HB4T-R8WZ");
    expect(normaliseLetterReference("7K3M9QX2HB4TR8WZ")).toBe("VL-7K3M-9QX2-HB4T-R8WZ");
    expect(normaliseLetterReference("VL-O0IL-0000-0000-0000")).toBe("VL-0011-0000-0000-0000");
  });

  it("reject what cannot be a reference", () => {
    for (const s of [
      "",
      "VL-1234",
      "VL-UUUU-0000-0000-0000",
      "../../etc/passwd",
      "VL-0000-0000-0000-00000",
    ]) {
      expect(normaliseLetterReference(s)).toBeNull();
    }
  });
});
