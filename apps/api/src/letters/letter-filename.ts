// Letters with no decomposition that ASCII readers still expect to see transliterated.
const ASCII_FOR: Record<string, string> = {
  Ł: "L",
  ł: "l",
  Đ: "D",
  đ: "d",
  Ø: "O",
  ø: "o",
  ß: "ss",
  Æ: "AE",
  æ: "ae",
  Œ: "OE",
  œ: "oe",
  Þ: "Th",
  þ: "th",
  ı: "i",
};

/** A name part kept to letters, digits, marks, spaces, hyphens and apostrophes (no path, no quotes). */
function safePart(value: string): string {
  return value
    .normalize("NFC")
    .replace(/[^\p{L}\p{M}\p{N} '-]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80);
}

function asciiPart(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\x20-\x7e]/g, (c) => ASCII_FOR[c] ?? "")
    .replace(/[^A-Za-z0-9 '-]+/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

export interface DownloadNames {
  /** The exact name, for filename*. */
  filename: string;
  /** ASCII only, for clients that ignore filename*. */
  asciiFilename: string;
}

/** "{prefix}-{part}-{part}.{ext}" keeping only safe characters of the parts. */
export function downloadNames(prefix: string, parts: string[], ext: string): DownloadNames {
  const exact = parts.map(safePart).filter(Boolean);
  const ascii = exact.map(asciiPart).filter(Boolean);
  return {
    filename: `${[prefix, ...exact].join("-")}.${ext}`,
    asciiFilename: `${[prefix, ...ascii].join("-")}.${ext}`,
  };
}

/** "visa-request-letter-{firstName}-{lastName}.pdf", the name the spec gives letters. */
export function letterNames(firstName: string, lastName: string): DownloadNames {
  return downloadNames("visa-request-letter", [firstName, lastName], "pdf");
}

/** RFC 5987 percent-encoding: UTF-8 bytes, keeping only the attr-char set literal. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Content-Disposition for a download: the exact UTF-8 name in filename* (RFC 6266 / 5987) and
 * an ASCII transliteration in filename for older clients.
 */
export function attachmentHeader(filename: string, asciiFallback: string): string {
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encodeRfc5987(filename)}`;
}
