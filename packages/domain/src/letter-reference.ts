import { LETTER_REFERENCE_RE } from "./schemas/letters.js";

/**
 * The canonical form of a letter reference as someone may type or copy it: any case, spaces,
 * dashes of any kind or none, invisible characters and punctuation around it (a PDF's or an
 * e-mail's, a sentence's full stop), full-width forms, text before it that ends in "VL" (the
 * letter's "Reference:" line, its link), and the letters Crockford maps to digits (O to 0, I and
 * L to 1). Null when it cannot be one.
 */
export function normaliseLetterReference(input: string): string | null {
  const compact = input
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, "");
  // The last 16 characters are the reference; whatever comes before them ends with its prefix.
  const body = /^(?:.*VL)?([0-9A-Z]{16})$/.exec(compact)?.[1];
  if (!body) return null;
  const digits = body.replace(/O/g, "0").replace(/[IL]/g, "1");
  const reference = `VL-${digits.match(/.{4}/g)?.join("-")}`;
  return LETTER_REFERENCE_RE.test(reference) ? reference : null;
}
