import { randomBytes } from "node:crypto";
import { LETTER_REFERENCE_RE } from "@visa/domain";

// Crockford's base 32: no I, L, O or U, so a reference read aloud or retyped stays unambiguous.
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A new reference, "VL-" and 16 random characters (80 bits): too many to guess or enumerate. */
export function newLetterReference(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return `VL-${out.match(/.{4}/g)?.join("-")}`;
}

/**
 * The canonical form of a reference as someone may type it: any case, spaces or missing dashes,
 * and the letters Crockford maps to digits (O to 0, I and L to 1). Null when it cannot be one.
 */
export function normaliseLetterReference(input: string): string | null {
  const compact = input
    .toUpperCase()
    .replace(/[\s-]/g, "")
    .replace(/^VL/, "")
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  if (compact.length !== 16) return null;
  const reference = `VL-${compact.match(/.{4}/g)?.join("-")}`;
  return LETTER_REFERENCE_RE.test(reference) ? reference : null;
}
