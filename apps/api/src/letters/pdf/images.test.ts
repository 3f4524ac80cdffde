import { describe, expect, it } from "vitest";
import { PreparedImage } from "./images.js";

/** A real 4x2 JPEG, as an image editor saves it. */
const TINY_JPEG = Buffer.from(
  "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAwX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCGAXhP/9k=",
  "base64",
);

describe("an image prepared for letters", () => {
  it("reads a small JPEG that sits at an offset inside a larger buffer, as Node pools small Buffers", async () => {
    const pool = Buffer.alloc(8192, 0x55);
    TINY_JPEG.copy(pool, 1000);
    const pooled = pool.subarray(1000, 1000 + TINY_JPEG.length);
    expect(pooled.byteOffset).toBe(1000);
    const image = await PreparedImage.from(pooled);
    expect([image.width, image.height]).toEqual([4, 2]);
  });
});
