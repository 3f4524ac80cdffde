/**
 * Calendar dates (birthdate, passport expiry, travel and meeting days) are days, not instants.
 * On the wire they are ISO timestamps at UTC midnight; inside they are "YYYY-MM-DD" strings.
 * Every conversion here reads and writes UTC parts only, so no time zone can shift a day.
 */
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

const DASH = 45;
const ZERO = 48;

/** The number `s` writes in ASCII digits from `from` to `to`; -1 when one is not a digit. */
export function readDigits(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const digit = s.charCodeAt(i) - ZERO;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n;
}

/** The number of days in month `m` (1–12) of year `y`. */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31;
}

/**
 * Whether y-m-d names a real day of the Gregorian calendar. Years before 100 are not (nobody
 * applying was born then, and JavaScript's Date.UTC would read them as 19xx).
 */
export function isRealDay(y: number, m: number, d: number): boolean {
  if (!Number.isInteger(y) || !Number.isInteger(m) || !Number.isInteger(d)) return false;
  return y >= 100 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/**
 * Reads a day from "YYYY-MM-DD" or an ISO timestamp. A timestamp gives its UTC calendar day,
 * which is the day itself for the UTC-midnight timestamps the product sends. Null when invalid.
 */
export function toDay(input: string): string | null {
  // A day as the database and the forms give it, read without a regular expression: an admin
  // page reads some sixty days for its warnings.
  if (input.length === 10 && input.charCodeAt(4) === DASH && input.charCodeAt(7) === DASH) {
    const y = readDigits(input, 0, 4);
    const m = readDigits(input, 5, 7);
    const d = readDigits(input, 8, 10);
    if (y >= 0 && m >= 0 && d >= 0) return isRealDay(y, m, d) ? input : null;
  }
  const s = input.trim();
  const plain = DAY_RE.exec(s);
  if (plain) {
    const [, y, m, d] = plain;
    return isRealDay(Number(y), Number(m), Number(d)) ? s : null;
  }
  if (!ISO_RE.test(s)) return null;
  const t = new Date(s);
  if (Number.isNaN(t.getTime())) return null;
  const [datePart] = s.split("T");
  const [y, m, d] = (datePart ?? "").split("-").map(Number);
  if (!isRealDay(y ?? 0, m ?? 0, d ?? 0)) return null;
  return t.toISOString().slice(0, 10);
}

export const DAY_MESSAGE = "must be a date (YYYY-MM-DD)";
export const DAY_WITH_TIME_MESSAGE = "must be a date without a time of day (YYYY-MM-DD)";

// A timestamp as a client may send a day: its date part, time, fraction and offset.
const TIMESTAMP_RE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A calendar day as a client sends one: "YYYY-MM-DD", or a timestamp at midnight (the product's
 * own `1990-01-01T00:00:00.000Z`, or midnight at any offset), read as the day it writes; never
 * moved to the UTC day. A timestamp with a time of day is refused: a day sent as an instant
 * (`2030-03-02T00:30:00+09:00`, or a local midnight turned into UTC) names no single day, and
 * reading one would store the wrong day without a word. Used by every date field of the API.
 */
export function readDayInput(input: string): { day: string } | { error: string } {
  const s = input.trim();
  const stamp = TIMESTAMP_RE.exec(s);
  if (!stamp) {
    const day = DAY_RE.test(s) ? toDay(s) : null;
    return day ? { day } : { error: DAY_MESSAGE };
  }
  const [, date = "", hours, minutes, seconds = "00", fraction = ""] = stamp;
  const day = toDay(date);
  if (!day || Number.isNaN(new Date(s).getTime())) return { error: DAY_MESSAGE };
  const midnight = `${hours}${minutes}${seconds}${fraction}`.replace(/0/g, "") === "";
  return midnight ? { day } : { error: DAY_WITH_TIME_MESSAGE };
}

/** "1990-01-01" -> "1990-01-01T00:00:00.000Z" */
export function dayToIso(day: string): string {
  return `${day}T00:00:00.000Z`;
}

/** "1990-01-31" or its ISO timestamp -> "01/31/1990" (US format from the UTC parts). */
export function formatDayUS(value: string | null | undefined): string {
  if (!value) return "";
  const day = toDay(value);
  if (!day) return "";
  const [y, m, d] = day.split("-");
  return `${m}/${d}/${y}`;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/**
 * A long US form, "January 31, 1990", for letters and e-mails. The month's name comes from a
 * table: asking toLocaleString for it built a date formatter on every call, about 80 µs each
 * once warm, and a new request's e-mail names two days, a letter seven.
 */
export function formatDayLong(value: string | null | undefined): string {
  if (!value) return "";
  const day = toDay(value);
  if (!day) return "";
  const [y, m, d] = day.split("-").map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}, ${y}`;
}

/** A timestamp shown in US Eastern time, e.g. "01/31/2026, 09:05 AM EST". */
export function formatTimestampEastern(value: string | Date | null | undefined): string {
  if (!value) return "";
  const t = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(t.getTime())) return "";
  return t.toLocaleString("en-US", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  });
}

/** Today's calendar day in UTC, "YYYY-MM-DD". */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
