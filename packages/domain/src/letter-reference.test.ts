import { describe, expect, it } from "vitest";
import { normaliseLetterReference } from "./letter-reference.js";

const REF = "VL-7K3M-9QX2-HB4T-R8WZ";

describe("normaliseLetterReference", () => {
  it("reads back what a person types", () => {
    expect(normaliseLetterReference("vl-7k3m-9qx2-hb4t-r8wz")).toBe(REF);
    expect(normaliseLetterReference(" VL 7K3M 9QX2 HB4T R8WZ ")).toBe(REF);
    expect(normaliseLetterReference("7K3M9QX2HB4TR8WZ")).toBe(REF);
    expect(normaliseLetterReference("VL-O0IL-0000-0000-0000")).toBe("VL-0011-0000-0000-0000");
  });

  it("reads back what is copied from a PDF, an e-mail or the letter's link", () => {
    for (const copy of [
      `${REF}.`,
      `(${REF}),`,
      `«${REF}»`,
      REF.replace(/-/g, "\u2013"),
      REF.replace(/-/g, "\u2010"),
      REF.replace(/-/g, "\u2212"),
      `\u200b${REF}\u200b\n`,
      `Reference: ${REF}`,
      `https://letters.example.org/verify/${REF}`,
      "ＶＬ－７Ｋ３Ｍ－９ＱＸ２－ＨＢ４Ｔ－Ｒ８ＷＺ",
    ]) {
      expect(normaliseLetterReference(copy), copy).toBe(REF);
    }
  });

  it("keeps a reference whose characters look like its prefix", () => {
    expect(normaliseLetterReference("VL-VLAB-0000-0000-0000")).toBe("VL-V1AB-0000-0000-0000");
    expect(normaliseLetterReference("vlab-0000-0000-0000")).toBe("VL-V1AB-0000-0000-0000");
  });

  it("rejects what cannot be a reference", () => {
    for (const s of [
      "",
      "VL-1234",
      "VL-UUUU-0000-0000-0000",
      "../../etc/passwd",
      "VL-0000-0000-0000-00000",
      "Reference: 7K3M-9QX2-HB4T-R8WZ-0",
    ]) {
      expect(normaliseLetterReference(s), s).toBeNull();
    }
  });
});
