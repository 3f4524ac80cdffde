import { withoutInvisible } from "@visa/domain";

/** The upload types accepted, recognised by their first bytes (never by the declared type). */
const SIGNATURES = [
  { contentType: "application/pdf", ext: "pdf", aliases: ["pdf"], magic: Buffer.from("%PDF-", "latin1") },
  { contentType: "image/jpeg", ext: "jpg", aliases: ["jpg", "jpeg"], magic: Buffer.from([0xff, 0xd8, 0xff]) },
  { contentType: "image/png", ext: "png", aliases: ["png"], magic: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
] as const;

export type DetectedType = (typeof SIGNATURES)[number];

/** The file's real type from its magic bytes, or null when it is none of PDF, JPEG or PNG. */
export function detectFileType(data: Buffer): DetectedType | null {
  return SIGNATURES.find((s) => data.subarray(0, s.magic.length).equals(s.magic)) ?? null;
}

// Characters that are unsafe in file names on some system, plus control characters.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;
const MAX_NAME = 150;

/**
 * A file name safe to store and to offer back for download: no directories, no control, reserved,
 * invisible or direction-changing characters, not hidden, at most 150 characters, and ending in an extension of its real type.
 */
export function sanitizeFilename(name: string | undefined, type: DetectedType): string {
  // Invisible and direction-changing characters go first: U+202E makes "cod.exe.pdf" read otherwise.
  const last =
    withoutInvisible((name ?? "").normalize("NFC"))
      .split(/[\\/]/)
      .pop() ?? "";
  let base = last
    .replace(UNSAFE, "_")
    .replace(/\s+/g, " ")
    .replace(/^[.\s]+/, "")
    .trim();
  const dot = base.lastIndexOf(".");
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : "";
  if (!(type.aliases as readonly string[]).includes(ext)) base = base ? `${base}.${type.ext}` : "";
  if (!base) return `document.${type.ext}`;
  if (base.length <= MAX_NAME) return base;
  const suffix = base.slice(base.lastIndexOf("."));
  return `${base.slice(0, MAX_NAME - suffix.length)}${suffix}`;
}

/** RFC 5987 value: percent-encoded UTF-8 with the characters RFC 3986 leaves unreserved. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * A Content-Disposition for downloading `filename`: an ASCII fallback for old clients plus the
 * exact UTF-8 name in filename*, so accented and non-Latin names survive and nothing can inject.
 */
export function attachmentDisposition(filename: string): string {
  const ascii = filename
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(filename)}`;
}
