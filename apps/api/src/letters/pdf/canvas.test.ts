import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { Canvas, printable } from "./canvas.js";

async function canvas() {
  return new Canvas(await PDFDocument.create(), [595.28, 841.89]);
}

describe("text on the page", () => {
  it("wraps at word boundaries within the width, keeping every word", async () => {
    const c = await canvas();
    const text = "The quick brown fox jumps over the lazy dog ".repeat(6).trim();
    const lines = c.wrap(text, 150, { size: 10 });
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(c.widthOf(line, { size: 10 })).toBeLessThanOrEqual(150);
    expect(lines.join(" ")).toBe(text);
  });

  it("cuts a word longer than the line and keeps explicit line breaks", async () => {
    const c = await canvas();
    const long = "https://portal.example.org/verify/VL-7K3M-9QX2-HB4T-R8WZ";
    const lines = c.wrap(`${long}\nnext`, 100, { size: 9 });
    expect(lines.at(-1)).toBe("next");
    expect(lines.slice(0, -1).join("")).toBe(long);
    for (const line of lines) expect(c.widthOf(line, { size: 9 })).toBeLessThanOrEqual(100);
  });

  it("prints decomposed accents as the composed letters and drops control characters", () => {
    expect(printable("Nguye\u0302\u0303n\u0007\tA")).toBe("Nguyễn A");
  });
});
