import { randomBytes } from "node:crypto";

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
