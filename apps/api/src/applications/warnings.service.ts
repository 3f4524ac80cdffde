import { type ApplicationWarning, meetingWarnings } from "@visa/domain";
import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { applications, meetings } from "../db/schema.js";

/**
 * The data-quality warnings of every application of the given meetings, by application id (only
 * those with at least one). The duplicate rules compare each with its whole meeting, so the
 * meeting's key columns are read: a few milliseconds for a meeting of thousands.
 */
export async function warningsOfMeetings(
  db: DbOrTx,
  meetingIds: string[],
): Promise<Map<string, ApplicationWarning[]>> {
  const result = new Map<string, ApplicationWarning[]>();
  if (meetingIds.length === 0) return result;
  const [settings, rows] = await Promise.all([
    db
      .select({
        id: meetings.id,
        startDate: meetings.startDate,
        endDate: meetings.endDate,
        passportValidityMonths: meetings.passportValidityMonths,
        datesToleranceDays: meetings.datesToleranceDays,
      })
      .from(meetings)
      .where(inArray(meetings.id, meetingIds)),
    db
      .select({
        id: applications.id,
        meetingId: applications.meetingId,
        firstName: applications.firstName,
        lastName: applications.lastName,
        birthdate: applications.birthdate,
        passportNumber: applications.passportKey,
        passportExpirationDate: applications.passportExpirationDate,
        dateOfArrival: applications.dateOfArrival,
        dateOfDeparture: applications.dateOfDeparture,
      })
      .from(applications)
      .where(inArray(applications.meetingId, meetingIds)),
  ]);
  for (const meeting of settings) {
    const found = meetingWarnings(
      rows.filter((r) => r.meetingId === meeting.id),
      meeting,
    );
    for (const [id, warnings] of found) if (warnings.length > 0) result.set(id, warnings);
  }
  return result;
}

/** The warnings of one application (compared with the rest of its meeting). */
export async function warningsOfApplication(
  db: DbOrTx,
  applicationId: string,
): Promise<ApplicationWarning[]> {
  const [row] = await db
    .select({ meetingId: applications.meetingId })
    .from(applications)
    .where(eq(applications.id, applicationId));
  if (!row) return [];
  return (await warningsOfMeetings(db, [row.meetingId])).get(applicationId) ?? [];
}
