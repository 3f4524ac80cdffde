import {
  APPLICATION_FIELDS,
  cannotPrintMessage,
  PRINTED_FIELD_KEYS,
  unprintedScriptCharacters,
} from "@visa/domain";
import { badRequest } from "../lib/errors.js";
import { letterCodePoints } from "./pdf/font-coverage.js";

/** The applicant's free-text fields a letter prints (dates, gender and countries print from tables). */
export const PRINTED_TEXT_FIELDS: ReadonlyArray<string> = PRINTED_FIELD_KEYS.filter(
  (k) => APPLICATION_FIELDS[k].kind === "text",
);

/** Whether `field` is one of PRINTED_TEXT_FIELDS. */
export const isPrintedTextField = (field: string) => PRINTED_TEXT_FIELDS.includes(field);

const LAYOUT = new Set(["\r", "\n", "\t"]);
const NAMES: ReadonlySet<string> = new Set(["firstName", "lastName"]);

/**
 * The distinct characters of `text` a letter would not print as typed: letters of a script it
 * cannot print (the domain's rule), or characters its font has no glyph for (`letterCodePoints`).
 */
export function unprintableCharacters(text: string): string[] {
  const glyphs = letterCodePoints();
  const found = new Set(unprintedScriptCharacters(text));
  for (const ch of text.normalize("NFC")) {
    // Line breaks and tabs of multi-line texts are layout, not glyphs.
    if (!LAYOUT.has(ch) && !glyphs.has(ch.codePointAt(0) ?? 0)) found.add(ch);
  }
  return [...found];
}

/**
 * Why `value` cannot go into the printed field `field` ("has characters the letter cannot print
 * (王 明): ..."), naming the characters and advising as they need; null when it can.
 */
export function unprintableReason(field: string, value: string): string | null {
  const chars = unprintableCharacters(value);
  if (chars.length === 0) return null;
  return cannotPrintMessage(chars, NAMES.has(field) ? "name" : "text");
}

const printedOf = (fields: Partial<Record<string, unknown>>) =>
  Object.fromEntries(PRINTED_TEXT_FIELDS.map((f) => [f, fields[f]]));

/** Refuses (400) the first printed field of an application among `fields` that a letter cannot print as typed. */
export function assertPrintable(fields: Partial<Record<string, unknown>>): void {
  assertPrintableTexts(printedOf(fields));
}

/** Why an application's letter could not print its fields as stored ("firstName has ..."), or null. */
export function unprintableApplication(fields: Partial<Record<string, unknown>>): string | null {
  return firstUnprintable(printedOf(fields))?.message ?? null;
}

/**
 * Refuses (400) the first of `fields` (texts a letter prints: an application's, a meeting's name,
 * the organisation's letterhead, a template) that a letter cannot print as typed.
 */
export function assertPrintableTexts(fields: Record<string, unknown>): void {
  const found = firstUnprintable(fields);
  if (found) throw badRequest(found.message, [found.field]);
}

function firstUnprintable(fields: Record<string, unknown>): { field: string; message: string } | null {
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value !== "string") continue;
    const reason = unprintableReason(field, value);
    if (reason) return { field, message: `${field} ${reason}` };
  }
  return null;
}
