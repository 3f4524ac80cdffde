import { describe, expect, it } from "vitest";
import { attachmentHeader, letterNames } from "./letter-filename.js";

describe("letter file names", () => {
  it("keep accented and non-Latin names exactly, with an ASCII transliteration beside", () => {
    expect(letterNames("Zoë", "Łukasiewicz-Ñúñez")).toEqual({
      filename: "visa-request-letter-Zoë-Łukasiewicz-Ñúñez.pdf",
      asciiFilename: "visa-request-letter-Zoe-Lukasiewicz-Nunez.pdf",
    });
    expect(letterNames("Nguyễn", "Thị Minh Khai").asciiFilename).toBe(
      "visa-request-letter-Nguyen-Thi Minh Khai.pdf",
    );
    expect(letterNames("Дмитрий", "Шостакович")).toEqual({
      filename: "visa-request-letter-Дмитрий-Шостакович.pdf",
      asciiFilename: "visa-request-letter.pdf",
    });
  });

  it("drop separators, quotes and control characters", () => {
    const { filename, asciiFilename } = letterNames('../"a"\\b', "c\r\nd;e");
    for (const name of [filename, asciiFilename]) {
      expect(name).not.toMatch(/[/\\"\r\n;]/);
      expect(name.startsWith("visa-request-letter-")).toBe(true);
    }
  });

  it("build a Content-Disposition with RFC 5987 filename*", () => {
    const { filename, asciiFilename } = letterNames("Zoë", "O'Brien (Jr)");
    const header = attachmentHeader(filename, asciiFilename);
    expect(header).toBe(
      'attachment; filename="visa-request-letter-Zoe-O\'Brien Jr.pdf"; ' +
        "filename*=UTF-8''visa-request-letter-Zo%C3%AB-O%27Brien%20Jr.pdf",
    );
  });
});
