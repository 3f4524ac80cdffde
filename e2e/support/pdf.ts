import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** True when the bytes start like a PDF file. */
export function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString("latin1") === "%PDF-";
}

/**
 * The text a reader would copy out of a PDF, as poppler's pdftotext extracts it (Debian's
 * poppler-utils): proves the letter is real text, not an image, and what it says.
 */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), "visa-e2e-pdf-"));
  try {
    const file = join(dir, "letter.pdf");
    writeFileSync(file, pdf);
    return execFileSync(process.env.PDFTOTEXT_PATH ?? "/usr/bin/pdftotext", ["-enc", "UTF-8", file, "-"], {
      encoding: "utf8",
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
