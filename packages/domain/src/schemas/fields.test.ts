import { describe, expect, it } from "vitest";
import {
  cannotPrintMessage,
  multilineText,
  NAME_SCRIPT_MESSAGE,
  nameField,
  personNameField,
  printedText,
  requiredText,
  text,
  unprintedScriptCharacters,
  withoutInvisible,
} from "./fields.js";

describe("single-line fields", () => {
  it.each([
    ["a line feed", "Smith\n=cmd|' /C calc'!A0"],
    ["a carriage return", "Acme\rInc"],
    ["a tab", "Acme\tInc"],
    ["a NUL", "Acme\u0000"],
    ["a C1 control", "Acme\u0085Inc"],
    ["a line separator", "Acme\u2028Inc"],
  ])("refuse %s with a message that says so", (_what, value) => {
    const result = text(200).safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      "must be one line, without line breaks or control characters",
    );
  });

  it("multi-line texts keep their line breaks and tabs, but no other control character", () => {
    expect(multilineText().parse("Line one\r\nLine two\tend")).toBe("Line one\r\nLine two\tend");
    expect(multilineText().safeParse("bell\u0007").success).toBe(false);
  });
});

describe("names", () => {
  it("lose bidi controls and zero-width characters", () => {
    expect(nameField().parse("Ma\u202Ertin")).toBe("Martin");
    expect(nameField().parse("\u200BAnna\u200D\uFEFF")).toBe("Anna");
    expect(nameField().parse("\u2067Ali\u2069")).toBe("Ali");
    expect(nameField().parse("Jo\u034Fhn\uFE0F\u00AD")).toBe("John");
  });

  it.each([
    ["one zero-width space", "\u200B"],
    ["only invisible characters", "\u200B\u200C\u202E\u2060"],
    ["a Hangul filler", "\u3164"],
    ["digits and marks only", "123 .-"],
    ["a combining accent alone", "\u0301"],
  ])("with %s are refused: no visible letter", (_what, value) => {
    expect(nameField().safeParse(value).success).toBe(false);
  });

  it("keep every script's letters, accents and apostrophes", () => {
    for (const name of ["Łukasiewicz-Ñúñez", "O'Brien", "Дмитрий", "Ελένη", "Nguyễn Thị"]) {
      expect(nameField().parse(name)).toBe(name);
    }
  });

  it("refuse line breaks like every single-line field", () => {
    expect(nameField().safeParse("Smith\n=1+1").success).toBe(false);
  });
});

describe("names in scripts the letter cannot print", () => {
  const OTHER_SCRIPTS = [
    ["Chinese", "王小明"],
    ["Japanese", "山田 さくら"],
    ["Japanese katakana", "タナカ"],
    ["Korean", "김민준"],
    ["Devanagari", "प्रिया"],
    ["Thai", "สมชาย"],
    ["Arabic", "محمد"],
    ["Hebrew", "דוד"],
    ["Latin mixed with Chinese", "Wei 王"],
    ["full-width Latin letters", "ＷＥＩ"],
  ] as const;

  it.each(OTHER_SCRIPTS)(
    "%s is refused with the advice to use the passport's Latin-letter line",
    (_s, name) => {
      const result = nameField().safeParse(name);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(NAME_SCRIPT_MESSAGE);
      expect(NAME_SCRIPT_MESSAGE).toContain("Latin-letter line of your passport");
    },
  );

  it("keeps Latin with accents, Vietnamese, Greek, Cyrillic, Armenian and Georgian", () => {
    for (const name of [
      "Zoë Łukasiewicz-Ñúñez",
      "Nguyễn Thị Hương",
      "Ελένη",
      "Дмитрий",
      "Արամ",
      "გიორგი",
      "O'Brien",
    ]) {
      expect(nameField().parse(name)).toBe(name);
    }
  });

  it("names the characters in another script, once each", () => {
    expect(unprintedScriptCharacters("Li 李李 Wei")).toEqual(["李"]);
    expect(unprintedScriptCharacters("José-María 2")).toEqual([]);
  });

  it("do not bind an account's name, which no letter prints", () => {
    expect(personNameField().parse("王小明")).toBe("王小明");
  });
});

describe("printed texts the letter cannot print", () => {
  it("advise the scripts the letter prints, not Latin alone, and accept those scripts", () => {
    const company = printedText(requiredText(200));
    expect(company.safeParse("华为技术").error?.issues[0]?.message).toBe(
      "has characters the letter cannot print (华 为 技 术): write it in Latin, Greek, Cyrillic, Armenian or Georgian letters",
    );
    for (const name of ["Ελληνική Εταιρεία", "ООО Ромашка", "Հայկական", "ქართული", "Acme GmbH"]) {
      expect(company.parse(name)).toBe(name);
    }
  });

  it("advise removing symbols and emoji, alone or beside letters of another script", () => {
    expect(cannotPrintMessage(["👍"], "text")).toBe(
      "has characters the letter cannot print (👍): remove this character",
    );
    expect(cannotPrintMessage(["🏨", "₿"], "name")).toBe(
      "has characters the letter cannot print (🏨 ₿): remove these characters",
    );
    expect(cannotPrintMessage(["東", "👍"], "text")).toBe(
      "has characters the letter cannot print (東 👍): write it in Latin, Greek, Cyrillic, Armenian or Georgian letters, without 👍",
    );
    expect(cannotPrintMessage(["東", "👍"], "name")).toBe(
      "has characters the letter cannot print (東 👍): enter it as printed in the Latin-letter line of your passport",
    );
  });
});

describe("withoutInvisible", () => {
  it("removes the right-to-left override that makes a file name read backwards", () => {
    expect(withoutInvisible("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
  });
});
