import { z } from "zod";
import { APPLICATION_STATUSES, type ApplicationStatus, MIN_PASSWORD_LENGTH } from "../constants.js";
import { isCountryCode } from "../countries.js";
import { readDayInput } from "../dates.js";

// In one line of text nothing below U+0020, no DEL, no C1 control and no line or paragraph separator:
// a line break in a name or an address line becomes a new row in a spreadsheet that opens the export.
// biome-ignore lint/suspicious/noControlCharactersInRegex: this regex exists to find them
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/;
// Multi-line texts (notes, postal addresses, letter templates) keep tab, line feed and carriage return.
// biome-ignore lint/suspicious/noControlCharactersInRegex: this regex exists to find them
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/**
 * Characters that show nothing yet change what a text shows: bidirectional embeddings, overrides,
 * isolates and marks (U+202E reverses what follows, so "exe.pdf" can read "fdp.exe"), zero-width
 * spaces and joiners, the word joiner and invisible operators, variation selectors, the byte order
 * mark, the soft hyphen and the Hangul fillers.
 */
// Combining marks (U+034F, U+17B4-5, the Mongolian and other variation selectors) stand alone in
// the alternation: in one class with the others they would read as joined to the one before.
const INVISIBLE =
  /[\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0]|\u034F|\u17B4|\u17B5|\u180B|\u180C|\u180D|\u180F|[\uFE00-\uFE0F]/g;

/** The text without invisible and direction-changing characters (names, file names). */
export function withoutInvisible(value: string): string {
  return value.replace(INVISIBLE, "");
}

const SINGLE_LINE_MESSAGE = "must be one line, without line breaks or control characters";

/** A trimmed single-line text of at most `max` characters: no line break, no control character. */
export function text(max = 200) {
  return z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` })
    .refine((s) => !SINGLE_LINE_FORBIDDEN.test(s), { message: SINGLE_LINE_MESSAGE });
}

/** A single-line text that must not be empty. */
export function requiredText(max = 200) {
  return text(max).refine((s) => s.length > 0, { message: "is required" });
}

/** An optional single-line text: missing, null and "" all become "". */
export function optionalText(max = 200) {
  return text(max)
    .nullish()
    .transform((s) => s ?? "");
}

/** A trimmed text of several lines (notes, addresses, templates), without other control characters. */
export function multilineText(max = 2000) {
  return z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` })
    .refine((s) => !MULTI_LINE_FORBIDDEN.test(s), { message: "contains control characters" });
}

/** A multi-line text that must not be empty. */
export function requiredMultilineText(max = 2000) {
  return multilineText(max).refine((s) => s.length > 0, { message: "is required" });
}

/** An optional multi-line text: missing, null and "" all become "". */
export function optionalMultilineText(max = 2000) {
  return multilineText(max)
    .nullish()
    .transform((s) => s ?? "");
}

// Scripts a letter prints as typed: written left to right, one glyph per letter, nothing joined or
// reordered (the letter's font has no shaping engine), and drawn by its font (DejaVu Sans). Digits,
// punctuation (Common) and combining accents (Inherited) go with any of them. Arabic and Hebrew
// letters are in the font but would print unjoined and in reverse order; CJK, Devanagari, Thai
// and most other scripts are not in it at all. Full-width Latin letters are not in it either.
const PRINTED_SCRIPT =
  /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Armenian}\p{Script=Georgian}\p{Script=Common}\p{Script=Inherited}]/u;
const LETTER_MARK_OR_DIGIT = /[\p{L}\p{M}\p{N}]/u;
const FULL_WIDTH = /[\uFF00-\uFFEF]/u;

/** The distinct letters, marks and digits of `text` in a script a letter cannot print, in order. */
export function unprintedScriptCharacters(text: string): string[] {
  const found = new Set<string>();
  for (const ch of text) {
    if (FULL_WIDTH.test(ch) || (LETTER_MARK_OR_DIGIT.test(ch) && !PRINTED_SCRIPT.test(ch))) found.add(ch);
  }
  return [...found];
}

/** What to do about a printed text in a script the letter cannot print (not a name: see below). */
export const WRITE_IN_PRINTED_SCRIPT = "write it in Latin, Greek, Cyrillic, Armenian or Georgian letters";

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const isLetter = (ch: string) => LETTER_OR_DIGIT.test(ch) || unprintedScriptCharacters(ch).length > 0;
const listed = (chars: readonly string[]) => chars.slice(0, 5).join(" ") + (chars.length > 5 ? " …" : "");

/**
 * Why a printed text is refused, naming its first few characters the letter cannot print, and
 * what to do about them: letters of a script it cannot print are written in one it prints (a
 * name as in the passport's Latin-letter line); emoji and symbols, which no spelling needs, are
 * removed.
 */
export function cannotPrintMessage(chars: readonly string[], kind: "name" | "text"): string {
  const symbols = chars.filter((ch) => !isLetter(ch));
  let advice: string;
  if (symbols.length === chars.length) {
    advice = symbols.length === 1 ? "remove this character" : "remove these characters";
  } else if (kind === "name") {
    advice = USE_PASSPORT_LATIN_LINE;
  } else {
    advice =
      symbols.length > 0 ? `${WRITE_IN_PRINTED_SCRIPT}, without ${listed(symbols)}` : WRITE_IN_PRINTED_SCRIPT;
  }
  return `has characters the letter cannot print (${listed(chars)}): ${advice}`;
}

/**
 * A text the letter prints (company, address, city, hotel...): refused when it is in a script the
 * letter cannot print, naming the characters, so a form marks every such field at once (the
 * server also checks each character against the font).
 */
export function printedText<S extends z.ZodType<string>>(schema: S) {
  return schema.superRefine((value, ctx) => {
    const chars = unprintedScriptCharacters(value);
    if (chars.length > 0) ctx.addIssue({ code: "custom", message: cannotPrintMessage(chars, "text") });
  });
}

/** What to do about a name the letter cannot print as typed. */
export const USE_PASSPORT_LATIN_LINE = "enter it as printed in the Latin-letter line of your passport";

/** Why a name in another script is refused, and what to enter instead. */
export const NAME_SCRIPT_MESSAGE = `cannot be printed on the letter in this script: ${USE_PASSPORT_LATIN_LINE}`;

/**
 * A person's name as an account carries it: one line, invisible and direction-changing characters
 * removed (they could hide or reorder what is shown), and at least one letter left to see.
 */
export function personNameField(max = 100) {
  return z
    .string()
    .transform(withoutInvisible)
    .pipe(requiredText(max))
    .refine((s) => /\p{L}/u.test(withoutInvisible(s)), { message: "must contain a letter" });
}

/**
 * An applicant's first or last name, as the letter prints it: a person's name in a script the
 * letter prints (Latin, Greek, Cyrillic, Armenian, Georgian), so a letter never shows empty boxes
 * or letters out of order. Other scripts are refused with the advice to use the passport's
 * Latin-letter (machine-readable) line; the server also checks each character against the font.
 */
export function nameField(max = 100) {
  return personNameField(max).refine((s) => unprintedScriptCharacters(s).length === 0, {
    message: NAME_SCRIPT_MESSAGE,
  });
}

export const emailField = z
  .string()
  .trim()
  .max(254, { message: "must be at most 254 characters" })
  .pipe(z.email({ message: "Invalid email address" }))
  .transform((s) => s.toLowerCase());

export const passwordField = z
  .string()
  .min(MIN_PASSWORD_LENGTH, {
    message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  })
  .max(200, { message: "Password must be at most 200 characters long" });

/**
 * The e-mail and password a person types to sign in, register or ask for a reset: an empty one is
 * missing ("Email is required"), not an invalid address or a too short password.
 */
export const typedEmailField = z.string().trim().min(1, { message: "Email is required" }).pipe(emailField);
export const typedPasswordField = z.string().min(1, { message: "Password is required" }).pipe(passwordField);

/** A calendar day from "YYYY-MM-DD" or a timestamp at midnight (`readDayInput`); becomes "YYYY-MM-DD". */
export const dayField = z
  .string()
  .max(40)
  .transform((s, ctx) => {
    const read = readDayInput(s);
    if ("error" in read) {
      ctx.addIssue({ code: "custom", message: read.error });
      return z.NEVER;
    }
    return read.day;
  });

export const optionalDayField = z
  .union([dayField, z.literal("")])
  .nullish()
  .transform((d) => (d ? d : null));

export const countryField = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .refine(isCountryCode, { message: "must be a country code" });

export const idField = z.uuid({ message: "must be a valid id" });

/** Status accepted in any case, normalised to Pending, Approved or Rejected. */
export const statusField = z.string().transform((s, ctx): ApplicationStatus => {
  const found = APPLICATION_STATUSES.find((x) => x.toLowerCase() === s.trim().toLowerCase());
  if (!found) {
    ctx.addIssue({ code: "custom", message: "must be Pending, Approved or Rejected" });
    return z.NEVER;
  }
  return found;
});

/** A boolean that also accepts the strings "true" and "false" (forms, CSV, query strings). */
export const boolField = z.union([z.boolean(), z.enum(["true", "false"]).transform((s) => s === "true")]);
