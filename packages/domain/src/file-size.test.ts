import { describe, expect, it } from "vitest";
import { fileTooLargeMessage, sizeText } from "./file-size.js";

describe("the size of a refused file", () => {
  it("reads in MB from 1 MB on, rounded up to a tenth so a file over a limit never reads as the limit", () => {
    expect(sizeText(2 * 1024 * 1024)).toBe("2 MB");
    expect(sizeText(15 * 1024 * 1024)).toBe("15 MB");
    expect(sizeText(10 * 1024 * 1024 + 1)).toBe("10.1 MB");
    expect(sizeText(256 * 1024)).toBe("256 KB");
    expect(sizeText(300 * 1024 + 1)).toBe("301 KB");
  });

  it("is said beside the limit, or as more than what was counted", () => {
    expect(fileTooLargeMessage(10 * 1024 * 1024, 15 * 1024 * 1024)).toBe(
      "The file must be at most 10 MB; this one is 15 MB",
    );
    expect(fileTooLargeMessage(256 * 1024, 300 * 1024)).toBe(
      "The file must be at most 256 KB; this one is 300 KB",
    );
    expect(fileTooLargeMessage(2 * 1024 * 1024, { moreThan: 100 * 1024 * 1024 })).toBe(
      "The file must be at most 2 MB; this one is more than 100 MB",
    );
  });
});
