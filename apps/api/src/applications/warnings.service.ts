import { type ApplicationWarning, meetingWarnings } from "@visa/domain";
import { inArray, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "../db/client.js";
import { applications, meetings } from "../db/schema.js";
import type { ApplicationRow, MeetingRow } from "./application.presenter.js";

type Warnings = Map<string, ApplicationWarning[]>;

/** The columns the rules read (the passport as its normalised key). */
const RULE_COLUMNS = {
  id: applications.id,
  meetingId: applications.meetingId,
  firstName: applications.firstName,
  lastName: applications.lastName,
  birthdate: applications.birthdate,
  passportNumber: applications.passportKey,
  passportExpirationDate: applications.passportExpirationDate,
  dateOfArrival: applications.dateOfArrival,
  dateOfDeparture: applications.dateOfDeparture,
};
type RuleRow = { [K in keyof typeof RULE_COLUMNS]: (typeof RULE_COLUMNS)[K]["_"]["data"] };

/** Runs the domain's rules meeting by meeting and keeps the warnings of `wanted` (all when null). */
async function warningsAmong(
  db: DbOrTx,
  rows: RuleRow[],
  wanted: ReadonlySet<string> | null,
): Promise<Warnings> {
  const result: Warnings = new Map();
  const meetingIds = [...new Set(rows.map((r) => r.meetingId))];
  if (meetingIds.length === 0) return result;
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
  for (const meeting of settings) {
    const found = meetingWarnings(
      rows.filter((r) => r.meetingId === meeting.id),
      meeting,
    );
    for (const [id, warnings] of found) {
      if (warnings.length > 0 && (!wanted || wanted.has(id))) result.set(id, warnings);
    }
  }
  return result;
}

/**
 * The data-quality warnings of every application of the given meetings, by application id (only
 * those with at least one): what the 'has warnings' filter needs. The duplicate rules compare
 * each with its whole meeting, so the meeting's key columns are read.
 */
export async function warningsOfMeetings(db: DbOrTx, meetingIds: string[]): Promise<Warnings> {
  if (meetingIds.length === 0) return new Map();
  const rows = await db
    .select(RULE_COLUMNS)
    .from(applications)
    .where(inArray(applications.meetingId, meetingIds));
  return warningsAmong(db, rows, null);
}

/** A row as the rules read it, from a whole application row. */
const ruleRow = (a: ApplicationRow): RuleRow => ({
  id: a.id,
  meetingId: a.meetingId,
  firstName: a.firstName,
  lastName: a.lastName,
  birthdate: a.birthdate,
  passportNumber: a.passportKey,
  passportExpirationDate: a.passportExpirationDate,
  dateOfArrival: a.dateOfArrival,
  dateOfDeparture: a.dateOfDeparture,
});

/**
 * The statement reading, of the given meetings, the requests that can be a duplicate of the given
 * ones: those with the same passport or the same birthdate (both indexed by meeting). Prepared
 * once per database with arrays for parameters, so every page runs the same planned statement.
 */
export function prepareWarningReads(db: Db) {
  return {
    possibleDuplicates: db
      .select(RULE_COLUMNS)
      .from(applications)
      .where(
        sql`${applications.meetingId} = any(${sql.placeholder("meetingIds")}::uuid[])
          and (${applications.passportKey} = any(${sql.placeholder("passportKeys")}::text[])
            or ${applications.birthdate} = any(${sql.placeholder("birthdates")}::date[]))`,
      )
      .prepare("possible_duplicates"),
  };
}
export type WarningReads = ReturnType<typeof prepareWarningReads>;

/**
 * The warnings of some applications already read with their meetings (a page of the list, one
 * detail page), each compared with the rest of its meeting. Only the others that can be a
 * duplicate are read, in one statement, so a page costs the same in a meeting of ten or of ten
 * thousand.
 */
export async function warningsOfRecords(
  reads: WarningReads,
  records: Array<{ app: ApplicationRow; meeting: MeetingRow }>,
): Promise<Warnings> {
  const result: Warnings = new Map();
  if (records.length === 0) return result;
  const own = records.map((r) => ruleRow(r.app));
  const distinct = <T>(values: T[]) => [...new Set(values)];
  const candidates = await reads.possibleDuplicates.execute({
    meetingIds: distinct(own.map((r) => r.meetingId)),
    passportKeys: distinct(own.map((r) => r.passportNumber)),
    birthdates: distinct(own.map((r) => r.birthdate)),
  });
  const rows = [...new Map([...own, ...candidates].map((r) => [r.id, r])).values()];
  const meetingsById = new Map(records.map((r) => [r.meeting.id, r.meeting]));
  const ownIds = new Set(own.map((r) => r.id));
  for (const meeting of meetingsById.values()) {
    const found = meetingWarnings(
      rows.filter((r) => r.meetingId === meeting.id),
      meeting,
      ownIds,
    );
    for (const [id, warnings] of found) if (warnings.length > 0) result.set(id, warnings);
  }
  return result;
}

/** The warnings of one application read with its meeting (compared with the rest of the meeting). */
export async function warningsOfApplication(
  reads: WarningReads,
  record: { app: ApplicationRow; meeting: MeetingRow },
): Promise<ApplicationWarning[]> {
  return (await warningsOfRecords(reads, [record])).get(record.app.id) ?? [];
}
