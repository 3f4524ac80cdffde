import { createHash, timingSafeEqual } from "node:crypto";
import type { applications } from "../db/schema.js";
import type { LetterApplicant } from "./compose-letter.js";

/** Every application column a letter prints (and the meeting it is for). */
export const PRINTED_KEYS = [
  "meetingId",
  "firstName",
  "lastName",
  "birthdate",
  "gender",
  "passportNumber",
  "passportIssuingCountry",
  "passportExpirationDate",
  "dateOfArrival",
  "dateOfDeparture",
  "companyName",
  "position",
  "companyMailingAddress1",
  "companyMailingAddress2",
  "city",
  "state",
  "postalCode",
  "country",
  "phone",
  "hotelName",
] as const satisfies ReadonlyArray<keyof LetterApplicant | "meetingId">;

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
