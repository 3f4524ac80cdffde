import { normalisePassportNumber } from "@visa/domain";

/** What import matching and the letter's passport check compare: the normalised passport number. */
export function passportKeyOf(passportNumber: string): string {
  return normalisePassportNumber(passportNumber);
}
