import { createHash, timingSafeEqual } from "node:crypto";
import { PRINTED_FIELD_KEYS } from "@visa/domain";
import type { applications } from "../db/schema.js";

/** Every application column a letter prints, and the meeting it is for (see PRINTED_FIELD_KEYS). */
export const PRINTED_KEYS = ["meetingId", ...PRINTED_FIELD_KEYS] as const;

export const sha256Hex = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");

/**
 * How many values every hash was made of before any printed field was added to the table: the
 * meeting and the 19 fields up to `hotelName` (application-fields.test.ts pins them).
 */
const FIRST_PRINTED_COUNT = 20;

const isEmpty = (v: unknown) => v === "" || v === null || v === undefined;

/**
 * The hash of `keys`' values in order. A printed field added to the table later is empty (its
 * column's default) on every application that already has a letter, so empty values after the
 * first ones are left out: those letters stay current until the new field is filled in.
 */
export function printedHashOf<K extends string>(keys: readonly K[], a: Readonly<Record<K, unknown>>): string {
  const values: unknown[] = keys.map((k) => a[k]);
  while (values.length > FIRST_PRINTED_COUNT && isEmpty(values.at(-1))) values.pop();
  return sha256Hex(JSON.stringify(values));
}

/** One hash of the printed fields: a letter whose hash differs from its application's is stale. */
export function printedHash(
  a: Pick<typeof applications.$inferSelect, (typeof PRINTED_KEYS)[number]>,
): string {
  return printedHashOf(PRINTED_KEYS, a);
}

/** The passport check's stored form, bound to one letter so equal numbers do not hash alike. */
export function passportHash(reference: string, passportKey: string): string {
  return sha256Hex(`${reference}:${passportKey}`);
}

/** Whether the stored passport hash is that of this (normalised) passport number. */
export function passportMatches(stored: string, reference: string, passportKey: string): boolean {
  return timingSafeEqual(
    Buffer.from(stored, "hex"),
    Buffer.from(passportHash(reference, passportKey), "hex"),
  );
}
