import {
  type ApplicationStatus,
  type ApplicationWarning,
  applicationWarnings,
  type DuplicateRequest,
  meetingWarnedIds,
  passportKey,
  personKey,
  type WarningCode,
  type WarningColumns,
  type WarningOthers,
} from "@visa/domain";
import { inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { applications, meetings } from "../db/schema.js";
import type { ApplicationRecord, ApplicationRow, MeetingRow } from "./application.presenter.js";

const SEPARATOR = ",";

/** A column as comma-separated text, in the aggregation's order; an empty field is a missing value. */
const textColumn = (value: SQL) => sql<string>`string_agg(coalesce(${value}, ''), '${sql.raw(SEPARATOR)}')`;

/**
 * The rule columns of every application of the given meetings, one row per meeting, each column
 * one value listing the meeting's applications. Ids and days as comma-separated text (a uuid and a
 * date's text, YYYY-MM-DD in the ISO DateStyle which the date columns read elsewhere rely on too,
 * hold no comma), which one split turns into the column's list; names and passports, which may hold
 * anything, as JSON arrays of strings. The aggregates are one aggregation over the same rows, so
 * they list the applications in the same order (their lengths are checked when read). Over a
 * meeting of 10,000 one JSON array of arrays took about twice the time, driver included, and a
 * record per application split into its fields made two strings and an array per application.
 */
const ruleColumns = {
  meetingId: applications.meetingId,
  ids: textColumn(sql`${applications.id}::text`),
  birthdates: textColumn(sql`${applications.birthdate}::text`),
  expiries: textColumn(sql`${applications.passportExpirationDate}::text`),
  arrivals: textColumn(sql`${applications.dateOfArrival}::text`),
  departures: textColumn(sql`${applications.dateOfDeparture}::text`),
  firstNames: sql<(string | null)[] | string>`json_agg(${applications.firstName})`,
  lastNames: sql<(string | null)[] | string>`json_agg(${applications.lastName})`,
  passportKeys: sql<(string | null)[] | string>`json_agg(${applications.passportKey})`,
};

/** Drivers hand json back parsed; parse text defensively, as toRecord does. */
function jsonArray(value: (string | null)[] | string): (string | null)[] {
  return typeof value === "string" ? (JSON.parse(value) as (string | null)[]) : value;
}

/** The rule columns of every application of the given meetings, by meeting. */
async function readRuleColumns(db: DbOrTx, meetingIds: string[]): Promise<Map<string, WarningColumns>> {
  const groups = await db
    .select(ruleColumns)
    .from(applications)
    .where(inArray(applications.meetingId, meetingIds))
    .groupBy(applications.meetingId);
  const byMeeting = new Map<string, WarningColumns>();
  for (const group of groups) {
    // The rules read an empty text as a missing value, as the null the column holds.
    byMeeting.set(group.meetingId, {
      ids: group.ids.split(SEPARATOR),
      birthdates: group.birthdates.split(SEPARATOR),
      passportExpirationDates: group.expiries.split(SEPARATOR),
      datesOfArrival: group.arrivals.split(SEPARATOR),
      datesOfDeparture: group.departures.split(SEPARATOR),
      firstNames: jsonArray(group.firstNames),
      lastNames: jsonArray(group.lastNames),
      passportNumbers: jsonArray(group.passportKeys),
    });
  }
  return byMeeting;
}

/**
 * The ids of the applications of the given meetings with at least one data-quality warning: what
 * the 'has warnings' filter needs. The duplicate rules compare each with its whole meeting, so the
 * meeting's rule columns are read; the warnings themselves are not written (a page's rows get
 * theirs from reviewWarnings).
 */
export async function warnedIdsOfMeetings(db: DbOrTx, meetingIds: string[]): Promise<string[]> {
  if (meetingIds.length === 0) return [];
  const byMeeting = await readRuleColumns(db, meetingIds);
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
  const warned: string[] = [];
  for (const meeting of settings) {
    const columns = byMeeting.get(meeting.id);
    if (columns) for (const id of meetingWarnedIds(columns, meeting)) warned.push(id);
  }
  return warned;
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
