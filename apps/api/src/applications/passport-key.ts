/** What import matching compares: the passport number in upper case without spaces. */
export function passportKeyOf(passportNumber: string): string {
  return passportNumber.toUpperCase().replace(/\s+/g, "");
}
