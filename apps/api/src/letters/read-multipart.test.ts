import { describe, expect, it } from "vitest";
import { fileTooLarge, sizeText } from "./read-multipart.js";

describe("the size of a refused file", () => {
  it("reads in MB from 1 MB on, rounded up to a tenth so a file over a limit never reads as the limit", () => {
    expect(sizeText(2 * 1024 * 1024)).toBe("2 MB");
    expect(sizeText(15 * 1024 * 1024)).toBe("15 MB");
    expect(sizeText(10 * 1024 * 1024 + 1)).toBe("10.1 MB");
    expect(sizeText(256 * 1024)).toBe("256 KB");
    expect(sizeText(300 * 1024 + 1)).toBe("301 KB");
  });

  it("says 'more than' what is counted when the file was larger still", () => {
    expect(fileTooLarge(2 * 1024 * 1024, null).message).toBe(
      "The file must be at most 2 MB; this one is more than 100 MB",
    );
    expect(fileTooLarge(2 * 1024 * 1024, null).statusCode).toBe(413);
  });
});
