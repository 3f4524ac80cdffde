import { describe, expect, it } from "vitest";
import { fileTooLarge } from "./read-multipart.js";

describe("the refusal of a file over the limit", () => {
  it("says its size, or 'more than' what is counted when the file was larger still", () => {
    expect(fileTooLarge(10 * 1024 * 1024, 15 * 1024 * 1024).message).toBe(
      "The file must be at most 10 MB; this one is 15 MB",
    );
    expect(fileTooLarge(2 * 1024 * 1024, null).message).toBe(
      "The file must be at most 2 MB; this one is more than 100 MB",
    );
    expect(fileTooLarge(2 * 1024 * 1024, null).statusCode).toBe(413);
  });
});
