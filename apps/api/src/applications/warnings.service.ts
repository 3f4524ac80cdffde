import { type ApplicationWarning, meetingWarnings } from "@visa/domain";
import { and, inArray, or } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { applications, meetings } from "../db/schema.js";

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

/**
 * The warnings of some applications (a page of the list, one detail page), each compared with
 * the rest of its meeting. Only the others that can be a duplicate are read, those with the same
 * passport or the same birthdate (indexed by meeting), so a page costs the same in a meeting of
 * ten or of ten thousand.
 */
export async function warningsOfApplications(db: DbOrTx, ids: string[]): Promise<Warnings> {
  if (ids.length === 0) return new Map();
  const own = await db.select(RULE_COLUMNS).from(applications).where(inArray(applications.id, ids));
  if (own.length === 0) return new Map();
  const candidates = await db
    .select(RULE_COLUMNS)
    .from(applications)
    .where(
      and(
        inArray(applications.meetingId, [...new Set(own.map((r) => r.meetingId))]),
        or(
          inArray(applications.passportKey, [...new Set(own.map((r) => r.passportNumber))]),
          inArray(applications.birthdate, [...new Set(own.map((r) => r.birthdate))]),
        ),
      ),
    );
  const byId = new Map([...own, ...candidates].map((r) => [r.id, r]));
  return warningsAmong(db, [...byId.values()], new Set(ids));
}

/** The warnings of one application (compared with the rest of its meeting). */
export async function warningsOfApplication(
  db: DbOrTx,
  applicationId: string,
): Promise<ApplicationWarning[]> {
  return (await warningsOfApplications(db, [applicationId])).get(applicationId) ?? [];
}
