import { describe, expect, it } from "vitest";
import { assertPrintable, unprintableCharacters, unprintableReason } from "./printable-text.js";

describe("text a letter prints", () => {
  it("prints accented Latin, Vietnamese, Greek, Cyrillic and the punctuation of addresses", () => {
    for (const s of [
      "Zoë Łukasiewicz-Ñúñez",
      "Nguyễn Thị Hương",
      "Ελένη",
      "Дмитрий",
      "Hauptstraße 1, #3 (rear) – 2/4",
    ]) {
      expect(unprintableCharacters(s)).toEqual([]);
    }
    // Decomposed accents print as the precomposed glyph the letter uses.
    expect(unprintableCharacters("Jose\u0301")).toEqual([]);
  });

  it.each([
    ["Chinese", "王小明", ["王", "小", "明"]],
    ["Japanese", "さくら", ["さ", "く", "ら"]],
    ["Korean", "김민준", ["김", "민", "준"]],
    ["Devanagari", "प्रिया", ["प", "्", "र", "ि", "य", "ा"]],
    ["Thai", "สมชาย", ["ส", "ม", "ช", "า", "ย"]],
    // In the font, but it would print them unjoined and left to right.
    ["Arabic", "محمد", ["م", "ح", "د"]],
    ["Hebrew", "דוד", ["ד", "ו"]],
  ])("refuses %s, naming the characters", (_script, text, chars) => {
    expect(unprintableCharacters(text)).toEqual(chars);
  });

  it("refuses characters of a printed script that the font lacks", () => {
    // LATIN SMALL LETTER BETA (Latin Extended-D) and an emoji: no glyph in DejaVu Sans.
    expect(unprintableCharacters("Ꞵeta 🙂")).toEqual(["Ꞵ", "🙂"]);
  });

  it("advises the passport's Latin-letter line for names, a script the letter prints for other fields", () => {
    expect(unprintableReason("lastName", "王")).toBe(
      "has characters the letter cannot print (王): enter it as printed in the Latin-letter line of your passport",
    );
    expect(unprintableReason("companyName", "株式会社テスト")).toBe(
      "has characters the letter cannot print (株 式 会 社 テ …): write it in Latin, Greek, Cyrillic, Armenian or Georgian letters",
    );
    expect(unprintableReason("companyName", "Acme")).toBeNull();
    // Those scripts do print, so the advice may name them.
    for (const text of ["Ελληνική Εταιρεία", "ООО Ромашка", "Հայկական", "ქართული"]) {
      expect(unprintableReason("companyName", text)).toBeNull();
    }
  });

  it("advises removing emoji and symbols, which no spelling of the text needs", () => {
    expect(unprintableReason("companyName", "Acme 👍")).toBe(
      "has characters the letter cannot print (👍): remove this character",
    );
    expect(unprintableReason("hotelName", "Grand Hotel 🏨 👍")).toBe(
      "has characters the letter cannot print (🏨 👍): remove these characters",
    );
    // A name too: the passport has the letters, and an emoji is no letter of any script.
    expect(unprintableReason("firstName", "Ana 👍")).toBe(
      "has characters the letter cannot print (👍): remove this character",
    );
    // Letters of another script and a symbol: both pieces of advice.
    expect(unprintableReason("city", "東京 👍")).toBe(
      "has characters the letter cannot print (東 京 👍): write it in Latin, Greek, Cyrillic, Armenian or Georgian letters, without 👍",
    );
    expect(unprintableReason("lastName", "王 👍")).toBe(
      "has characters the letter cannot print (王 👍): enter it as printed in the Latin-letter line of your passport",
    );
  });

  it("checks only the printed fields it is given", () => {
    expect(() => assertPrintable({ additionalInformation: "王", firstName: "Wei" })).not.toThrow();
    expect(() => assertPrintable({ city: "東京" })).toThrow(/^city has characters the letter cannot print/);
  });
});
