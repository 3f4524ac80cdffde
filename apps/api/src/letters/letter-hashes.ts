import { createHash, timingSafeEqual } from "node:crypto";
import { PRINTED_FIELD_KEYS } from "@visa/domain";
import type { applications } from "../db/schema.js";

/** Every application column a letter prints, and the meeting it is for (see PRINTED_FIELD_KEYS). */
export const PRINTED_KEYS = ["meetingId", ...PRINTED_FIELD_KEYS] as const;

export const sha256Hex = (data: Buffer | string) => createHash("sha256").update(data).digest("hex");

/** One hash of the printed fields: a letter whose hash differs from its application's is stale. */
export function printedHash(
  a: Pick<typeof applications.$inferSelect, (typeof PRINTED_KEYS)[number]>,
): string {
  return sha256Hex(JSON.stringify(PRINTED_KEYS.map((k) => a[k])));
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
