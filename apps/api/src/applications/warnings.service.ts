import {
  type ApplicationStatus,
  type ApplicationWarning,
  applicationWarnings,
  type DuplicateRequest,
  type IdentifiedWarningFields,
  meetingWarnings,
  passportKey,
  personKey,
  type WarningCode,
  type WarningOthers,
} from "@visa/domain";
import { inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { applications, meetings } from "../db/schema.js";
import type { ApplicationRecord, ApplicationRow, MeetingRow } from "./application.presenter.js";

type Warnings = Map<string, ApplicationWarning[]>;

/** The days read with an application's id, in the order ruleColumns writes them. */
const DAY_FIELDS = ["birthdate", "passportExpirationDate", "dateOfArrival", "dateOfDeparture"] as const;
const FIELD = ",";
const RECORD = ";";

/**
 * The rule columns of every application of the given meetings, one row per meeting. Ids and days
 * as one text of records, `id,birthdate,expiry,arrival,departure;...`, an empty field a missing
 * day: a uuid and a date's text (YYYY-MM-DD in the ISO DateStyle, which the date columns read
 * elsewhere rely on too) hold no separator. Names and passports, which may hold anything, as JSON
 * arrays of strings. The four aggregates are one aggregation over the same rows, so they list the
 * applications in the same order (checked when read). Over a meeting of 10,000 this took about
 * half the time of one JSON array of arrays, driver included (json_build_array works out how to
 * write each of 90,000 values), and the driver hands over four values per meeting (the embedded
 * database's driver decodes every field of every row on its own).
 */
const ruleColumns = {
  meetingId: applications.meetingId,
  days: sql<string>`string_agg(${sql.join(
    [
      sql`${applications.id}::text`,
      ...DAY_FIELDS.map((field) => sql`coalesce(${applications[field]}::text, '')`),
    ],
    sql.raw(` || '${FIELD}' || `),
  )}, '${sql.raw(RECORD)}')`,
  firstNames: sql<(string | null)[] | string>`json_agg(${applications.firstName})`,
  lastNames: sql<(string | null)[] | string>`json_agg(${applications.lastName})`,
  passportKeys: sql<(string | null)[] | string>`json_agg(${applications.passportKey})`,
};

/** Drivers hand json back parsed; parse text defensively, as toRecord does. */
function jsonArray(value: (string | null)[] | string): (string | null)[] {
  return typeof value === "string" ? (JSON.parse(value) as (string | null)[]) : value;
}

/** The rule columns of every application of the given meetings, by meeting. */
async function readRuleRows(
  db: DbOrTx,
  meetingIds: string[],
): Promise<Map<string, IdentifiedWarningFields[]>> {
  const groups = await db
    .select(ruleColumns)
    .from(applications)
    .where(inArray(applications.meetingId, meetingIds))
    .groupBy(applications.meetingId);
  const byMeeting = new Map<string, IdentifiedWarningFields[]>();
  for (const group of groups) {
    const records = group.days.split(RECORD);
    const firstNames = jsonArray(group.firstNames);
    const lastNames = jsonArray(group.lastNames);
    const passports = jsonArray(group.passportKeys);
    if (![firstNames, lastNames, passports].every((list) => list.length === records.length)) {
      throw new Error("the rule columns of a meeting came back as lists of different lengths");
    }
    const rows = records.map((record, i) => {
      const [id = "", birthdate, expiry, arrival, departure] = record.split(FIELD);
      return {
        id,
        firstName: firstNames[i] ?? null,
        lastName: lastNames[i] ?? null,
        birthdate: birthdate || null,
        passportNumber: passports[i] ?? null,
        passportExpirationDate: expiry || null,
        dateOfArrival: arrival || null,
        dateOfDeparture: departure || null,
      };
    });
    byMeeting.set(group.meetingId, rows);
  }
  return byMeeting;
}

/**
 * The data-quality warnings of every application of the given meetings, by application id (only
 * those with at least one): what the 'has warnings' filter needs. The duplicate rules compare
 * each with its whole meeting, so the meeting's key columns are read.
 */
export async function warningsOfMeetings(db: DbOrTx, meetingIds: string[]): Promise<Warnings> {
  if (meetingIds.length === 0) return new Map();
  const byMeeting = await readRuleRows(db, meetingIds);
  const settings = await db
    .select({
      id: meetings.id,
      startDate: meetings.startDate,
      endDate: meetings.endDate,
      passportValidityMonths: meetings.passportValidityMonths,
      datesToleranceDays: meetings.datesToleranceDays,
    })
    .from(meetings)
    .where(inArray(meetings.id, meetingIds));
  const result: Warnings = new Map();
  for (const meeting of settings) {
    const found = meetingWarnings(byMeeting.get(meeting.id) ?? [], meeting);
    for (const [id, warnings] of found) if (warnings.length > 0) result.set(id, warnings);
  }
  return result;
}

/** Another request of the meeting as application.queries.ts reads it: id, first name, last name, status. */
export type OtherRequestRow = [string, string, string, string];

/** What the rest of its meeting shares with an application, read with it (application.queries.ts). */
export interface SameMeeting {
  /** The other requests of the meeting with the same passport. */
  samePassport: OtherRequestRow[];
  /** The other requests of the meeting with the same birthdate (the same person or not). */
  sameBirthdate: OtherRequestRow[];
}

/** An application as an admin reviews it: its record and what its meeting shares with it. */
export type ReviewRecord = ApplicationRecord & { sameMeeting: SameMeeting };

/** What the rules read: the application's own fields, its meeting's days and settings, the rest of its meeting. */
export interface Reviewed {
  app: Pick<
    ApplicationRow,
    | "firstName"
    | "lastName"
    | "birthdate"
    | "passportKey"
    | "passportExpirationDate"
    | "dateOfArrival"
    | "dateOfDeparture"
  >;
  meeting: Pick<MeetingRow, "startDate" | "endDate" | "passportValidityMonths" | "datesToleranceDays">;
  sameMeeting: SameMeeting;
}

/** Another request as a duplicate warning names it to an admin. */
function duplicateRequest([id, firstName, lastName, status]: OtherRequestRow): DuplicateRequest {
  return { _id: id, firstName, lastName, status: status as ApplicationStatus };
}

/**
 * The warnings of an application read for review (a page of the list, a detail page): the
 * domain's rules, with the others of its meeting as its duplicates found them, so a page costs
 * the same in a meeting of ten or of ten thousand. Each duplicate warning names the other
 * requests it is about (`others`): this is the admins' path only, as getApplication and the
 * admin list are; the applicant's answers carry no warnings.
 */
export function reviewWarnings({ app, meeting, sameMeeting }: Reviewed): ApplicationWarning[] {
  const passport = passportKey(app.passportKey);
  // Worked out only when there is another's to compare with (most rows of a page).
  const person = sameMeeting.sameBirthdate.length > 0 ? personKey(app) : null;
  // The same person: the same birthdate (the probe's) and the same folded names.
  const samePerson = sameMeeting.sameBirthdate.filter(
    ([, firstName, lastName]) =>
      person !== null && personKey({ firstName, lastName, birthdate: app.birthdate }) === person,
  );
  const others: WarningOthers = {
    passportKeys: new Set(sameMeeting.samePassport.length > 0 && passport ? [passport] : []),
    personKeys: new Set(samePerson.length > 0 && person ? [person] : []),
  };
  const fields = {
    firstName: app.firstName,
    lastName: app.lastName,
    birthdate: app.birthdate,
    passportNumber: app.passportKey,
    passportExpirationDate: app.passportExpirationDate,
    dateOfArrival: app.dateOfArrival,
    dateOfDeparture: app.dateOfDeparture,
  };
  const about: Partial<Record<WarningCode, OtherRequestRow[]>> = {
    "duplicate-passport": sameMeeting.samePassport,
    "duplicate-person": samePerson,
  };
  return applicationWarnings(fields, meeting, others).map((warning) => {
    const rows = about[warning.code];
    return rows ? Object.assign(warning, { others: rows.map(duplicateRequest) }) : warning;
  });
}
