import type { ApplicationStatus } from "./constants.js";
import { daysInMonth, readDigits, toDay } from "./dates.js";
import { normalisePassportNumber } from "./schemas/application-fields.js";

/**
 * Data-quality warnings: things a secretariat wants to look at twice before deciding. They never
 * block anything (the admin decides); the server, the admin list, the detail page and the
 * applicant's form all compute them with `applicationWarnings`, so they always agree.
 */
export const WARNING_CODES = [
  "duplicate-passport",
  "duplicate-person",
  "passport-expires-soon",
  "arrival-outside-meeting",
  "departure-outside-meeting",
  "implausible-birthdate",
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];

export interface ApplicationWarning {
  code: WarningCode;
  /** One plain sentence for the screen (no passport number or birthdate in it). */
  message: string;
  /** The form field it is about, when there is one. */
  field?: string;
  /**
   * A duplicate warning's other requests, in admins' answers only: the server's review path adds
   * them (apps/api's warnings.service.ts). The rules here never do, since the applicant's form
   * runs them too and an applicant never learns anything of other people's requests.
   */
  others?: DuplicateRequest[];
}

/** Another request of the meeting that a duplicate warning is about, as an admin is shown it. */
export interface DuplicateRequest {
  _id: string;
  firstName: string;
  lastName: string;
  status: ApplicationStatus;
}

/** Defaults of the per-meeting settings. */
export const DEFAULT_PASSPORT_VALIDITY_MONTHS = 6;
export const DEFAULT_DATES_TOLERANCE_DAYS = 7;
/** Ages (in years, on the meeting's first day) outside which a birthdate looks mistyped. */
export const PLAUSIBLE_AGE = { min: 12, max: 100 } as const;

/**
 * The application's own fields the rules read. Dates are "YYYY-MM-DD" or the wire's ISO
 * timestamps; a missing or unreadable value is skipped (the schemas report those).
 */
export interface WarningApplicationFields {
  firstName?: string | null;
  lastName?: string | null;
  birthdate?: string | null;
  passportNumber?: string | null;
  passportExpirationDate?: string | null;
  dateOfArrival?: string | null;
  dateOfDeparture?: string | null;
}

/** The meeting's days and its two optional settings (defaults 6 months and 7 days). */
export interface WarningMeeting {
  startDate: string;
  endDate: string;
  passportValidityMonths?: number | null;
  datesToleranceDays?: number | null;
}

/**
 * What is known about the OTHER applications of the same meeting (never the application itself):
 * the sets of their `passportKey` and `personKey` values. Leave it out when unknown (the
 * applicant's form: an applicant never sees other people's data); the duplicate rules then stay
 * silent and the server reports them.
 */
export interface WarningOthers {
  passportKeys: ReadonlySet<string>;
  personKeys: ReadonlySet<string>;
}

/** The key under which two passport numbers are the same: upper case, no spaces or dashes. */
export function passportKey(passportNumber: string | null | undefined): string | null {
  const key = normalisePassportNumber(passportNumber ?? "");
  return key === "" ? null : key;
}

/** Only ASCII characters: nothing for NFKD to decompose, no marks, no ß, no letters beyond A-Z. */
const ASCII = /^\p{ASCII}*$/u;

/** Letters of a name without case, accents or punctuation: "José  Núñez-Ruiz" → "jose nunez ruiz". */
export function foldName(name: string): string {
  // Many names are plain ASCII, which the general path below turns into its lower case with every
  // run of other characters as one space: the same result without NFKD and the Unicode classes,
  // which were a tenth of the 'has warnings' filter's time over a meeting of 10,000.
  if (ASCII.test(name))
    return name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  return foldNameUnicode(name);
}

/** foldName for any text (exported for the test that the ASCII path agrees with it). */
export function foldNameUnicode(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The key under which two applications are the same person: folded first and last name and
 * birthdate. `fold` is foldName, or one that remembers what it folded within one call of meetingWarnedIds.
 */
export function personKey(
  app: WarningApplicationFields,
  fold: (name: string) => string = foldName,
): string | null {
  const birthdate = app.birthdate ? toDay(app.birthdate) : null;
  const name = `${fold(app.firstName ?? "")}|${fold(app.lastName ?? "")}`;
  if (!birthdate || name === "|") return null;
  return `${name}|${birthdate}`;
}

/**
 * UTC midnight of `day` ("YYYY-MM-DD") moved by `months` calendar months (clamped to the month's
 * last day) and then `days` days, in milliseconds: the rules compare days as these numbers.
 */
function dayTime(day: string, months = 0, days = 0): number {
  const month = readDigits(day, 0, 4) * 12 + readDigits(day, 5, 7) - 1 + months;
  const ty = Math.floor(month / 12);
  const tm = month - ty * 12 + 1;
  return Date.UTC(ty, tm - 1, Math.min(readDigits(day, 8, 10), daysInMonth(ty, tm)) + days);
}

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The day `months` calendar months after `day` (clamped to the month's last day). */
export function addMonths(day: string, months: number): string {
  return dayOf(dayTime(day, months));
}

/** The day `days` days after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return dayOf(dayTime(day, 0, days));
}

/** Whole years from `birth` to `on`. */
function ageOn(birth: string, on: string): number {
  const years = Number(on.slice(0, 4)) - Number(birth.slice(0, 4));
  // Month and day as "MM-DD" compare as text.
  return years - (on.slice(5) < birth.slice(5) ? 1 : 0);
}

function day(value: string | null | undefined): string | null {
  return value ? toDay(value) : null;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/**
 * The warnings for one application of `meeting`, given what is known of the meeting's other
 * applications. Pure: the same inputs always give the same list, in the order of WARNING_CODES.
 */
export function applicationWarnings(
  app: WarningApplicationFields,
  meeting: WarningMeeting,
  others?: WarningOthers,
): ApplicationWarning[] {
  return warningsOf(app, meetingTerms(meeting), others);
}

/** What the rules read of a meeting, worked out once for all its applications (meetingWarnedIds). */
interface MeetingTerms {
  months: number;
  tolerance: number;
  start: string | null;
  /** The first and last day (as dayTime) a travel date may fall on, when the meeting has its days. */
  window: { earliest: number; latest: number } | null;
}

function meetingTerms(meeting: WarningMeeting): MeetingTerms {
  const tolerance = meeting.datesToleranceDays ?? DEFAULT_DATES_TOLERANCE_DAYS;
  const start = day(meeting.startDate);
  const end = day(meeting.endDate);
  return {
    months: meeting.passportValidityMonths ?? DEFAULT_PASSPORT_VALIDITY_MONTHS,
    tolerance,
    start,
    window:
      start && end ? { earliest: dayTime(start, 0, -tolerance), latest: dayTime(end, 0, tolerance) } : null,
  };
}

/** Whether a travel day falls outside the meeting's window (a function of its own, not one per application). */
function outside(d: string, window: { earliest: number; latest: number }): boolean {
  const time = dayTime(d);
  return time < window.earliest || time > window.latest;
}

/** One bit per warning code, in the order of WARNING_CODES: what `warningBits` answers. */
const BIT: Record<WarningCode, number> = Object.fromEntries(
  WARNING_CODES.map((code, i) => [code, 1 << i]),
) as Record<WarningCode, number>;

/**
 * The rules themselves: which warnings an application has, as BIT's bits (0: none). The days are
 * as `day` reads them (null: missing or unreadable); `samePassport` and `samePerson` say whether
 * another request of the meeting has the application's passport key or person key. Both
 * applicationWarnings and the filter's meetingWarnedIds answer from it, so they cannot disagree.
 */
function warningBits(
  birth: string | null,
  expiry: string | null,
  arrival: string | null,
  departure: string | null,
  { months, start, window }: MeetingTerms,
  samePassport: boolean,
  samePerson: boolean,
): number {
  let bits = 0;
  if (samePassport) bits |= BIT["duplicate-passport"];
  if (samePerson) bits |= BIT["duplicate-person"];
  if (expiry && departure && months > 0 && dayTime(expiry) < dayTime(departure, months))
    bits |= BIT["passport-expires-soon"];
  if (window) {
    if (arrival && outside(arrival, window)) bits |= BIT["arrival-outside-meeting"];
    if (departure && outside(departure, window)) bits |= BIT["departure-outside-meeting"];
  }
  if (birth && start) {
    const age = ageOn(birth, start);
    if (age < PLAUSIBLE_AGE.min || age > PLAUSIBLE_AGE.max) bits |= BIT["implausible-birthdate"];
  }
  return bits;
}

/** applicationWarnings with the meeting's terms worked out. */
function warningsOf(
  app: WarningApplicationFields,
  terms: MeetingTerms,
  others?: WarningOthers,
): ApplicationWarning[] {
  // The keys are worked out only when there is another's to compare with (most rows of a page).
  const passport = others?.passportKeys.size ? passportKey(app.passportNumber) : null;
  const person = others?.personKeys.size ? personKey(app) : null;
  return warningList(
    app,
    terms,
    !!(others && passport && others.passportKeys.has(passport)),
    !!(others && person && others.personKeys.has(person)),
  );
}

/** The warnings of an application whose duplicates are known, as the screens show them. */
function warningList(
  app: WarningApplicationFields,
  terms: MeetingTerms,
  samePassport: boolean,
  samePerson: boolean,
): ApplicationWarning[] {
  const { months, tolerance, start } = terms;
  const birth = day(app.birthdate);
  const departure = day(app.dateOfDeparture);
  const bits = warningBits(
    birth,
    day(app.passportExpirationDate),
    day(app.dateOfArrival),
    departure,
    terms,
    samePassport,
    samePerson,
  );
  const warnings: ApplicationWarning[] = [];
  if (bits === 0) return warnings;
  if (bits & BIT["duplicate-passport"]) {
    warnings.push({
      code: "duplicate-passport",
      message: "Another request for this meeting has the same passport number.",
      field: "passportNumber",
    });
  }
  if (bits & BIT["duplicate-person"]) {
    warnings.push({
      code: "duplicate-person",
      message: "Another request for this meeting has the same name and date of birth.",
      field: "lastName",
    });
  }
  if (bits & BIT["passport-expires-soon"]) {
    warnings.push({
      code: "passport-expires-soon",
      message: `The passport expires less than ${plural(months, "month")} after the departure date; many countries refuse a visa for it.`,
      field: "passportExpirationDate",
    });
  }
  if (bits & BIT["arrival-outside-meeting"]) {
    warnings.push({
      code: "arrival-outside-meeting",
      message: `The arrival date is more than ${plural(tolerance, "day")} away from the meeting's dates.`,
      field: "dateOfArrival",
    });
  }
  if (bits & BIT["departure-outside-meeting"]) {
    warnings.push({
      code: "departure-outside-meeting",
      message: `The departure date is more than ${plural(tolerance, "day")} away from the meeting's dates.`,
      field: "dateOfDeparture",
    });
  }
  if (bits & BIT["implausible-birthdate"] && birth && start) {
    const age = ageOn(birth, start);
    warnings.push({
      code: "implausible-birthdate",
      message:
        age < 0
          ? "The date of birth is after the meeting; it may be mistyped."
          : `The date of birth makes the applicant ${plural(age, "year")} old at the meeting; it may be mistyped.`,
      field: "birthdate",
    });
  }
  return warnings;
}

/**
 * A meeting's applications as columns: index i of each list is one application. What the 'has
 * warnings' filter reads (one list per column, no object per application).
 */
export interface WarningColumns {
  ids: readonly string[];
  firstNames: readonly (string | null)[];
  lastNames: readonly (string | null)[];
  birthdates: readonly (string | null)[];
  passportNumbers: readonly (string | null)[];
  passportExpirationDates: readonly (string | null)[];
  datesOfArrival: readonly (string | null)[];
  datesOfDeparture: readonly (string | null)[];
}

/** Bits of `meetingDuplicates`' answer. */
const SAME_PASSPORT = 1;
const SAME_PERSON = 2;

/**
 * Which applications of one meeting share their passport key or person key with another of them
 * (SAME_PASSPORT, SAME_PERSON), by index: the duplicate rules of applicationWarnings worked out
 * for a whole meeting at once.
 */
function meetingDuplicates({
  passportNumbers,
  birthdates,
  firstNames,
  lastNames,
}: WarningColumns): Uint8Array {
  const n = passportNumbers.length;
  const same = new Uint8Array(n);
  markShared(passportNumbers.map(passportKey), same, SAME_PASSPORT);
  // Two applications are the same person only with the same birthdate: the names are folded only
  // for an application whose birthdate occurs more than once (about half of a meeting of 10,000).
  const days = birthdates.map((b) => (b ? toDay(b) : null));
  const birthdateCount = countOf(days);
  // Many applicants share a first or a last name: each is folded once per call.
  const folded = new Map<string, string>();
  const fold = (name: string) => {
    let f = folded.get(name);
    if (f === undefined) {
      f = foldName(name);
      folded.set(name, f);
    }
    return f;
  };
  const persons = days.map((birthdate, i) =>
    birthdate && (birthdateCount.get(birthdate) ?? 0) > 1
      ? personKey({ firstName: firstNames[i], lastName: lastNames[i], birthdate }, fold)
      : null,
  );
  markShared(persons, same, SAME_PERSON);
  return same;
}

/** Sets `bit` in `same` for each index whose key (null: none) occurs more than once. */
function markShared(keys: readonly (string | null)[], same: Uint8Array, bit: number): void {
  const count = countOf(keys);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key && (count.get(key) ?? 0) > 1) same[i] = (same[i] ?? 0) | bit;
  }
}

/**
 * The ids of the applications of one meeting with at least one warning, in the columns' order:
 * those applicationWarnings warns about when each is compared with all the others, found by the
 * same rules (warningBits) without writing the warnings (the 'has warnings' filter, which needs
 * only which).
 */
export function meetingWarnedIds(columns: WarningColumns, meeting: WarningMeeting): string[] {
  const { ids, firstNames, lastNames, birthdates, passportNumbers } = columns;
  const {
    passportExpirationDates: expiries,
    datesOfArrival: arrivals,
    datesOfDeparture: departures,
  } = columns;
  const n = ids.length;
  for (const list of [firstNames, lastNames, birthdates, passportNumbers, expiries, arrivals, departures])
    if (list.length !== n) throw new Error("the columns of a meeting are lists of different lengths");
  const same = meetingDuplicates(columns);
  const terms = meetingTerms(meeting);
  const warned: string[] = [];
  for (let i = 0; i < n; i++) {
    const s = same[i] ?? 0;
    const bits =
      s === 0
        ? warningBits(
            day(birthdates[i]),
            day(expiries[i]),
            day(arrivals[i]),
            day(departures[i]),
            terms,
            false,
            false,
          )
        : s;
    const id = ids[i];
    if (bits !== 0 && id !== undefined) warned.push(id);
  }
  return warned;
}

/** How many times each key occurs (null: no key). */
function countOf(keys: readonly (string | null)[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const key of keys) if (key) count.set(key, (count.get(key) ?? 0) + 1);
  return count;
}
