import { asc, desc, eq, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { applications, meetingPurges, meetings } from "../db/schema.js";

const countWhere = (status: "Pending" | "Approved" | "Rejected") =>
  sql<number>`(count(*) filter (where ${applications.status} = ${status}))::int`;

/** Meetings that ended before `cutoff` and still hold applications, with their counts by status. */
export function eligibleMeetings(db: DbOrTx, cutoff: string) {
  return db
    .select({
      meetingId: meetings.id,
      name: meetings.name,
      startDate: meetings.startDate,
      endDate: meetings.endDate,
      total: sql<number>`count(*)::int`,
      pending: countWhere("Pending"),
      approved: countWhere("Approved"),
      rejected: countWhere("Rejected"),
    })
    .from(meetings)
    .innerJoin(applications, eq(applications.meetingId, meetings.id))
    .where(lt(meetings.endDate, cutoff))
    .groupBy(meetings.id)
    .orderBy(asc(meetings.endDate), asc(meetings.name));
}

export type EligibleMeetingRow = Awaited<ReturnType<typeof eligibleMeetings>>[number];

/** Every past purge, newest first: one row per meeting emptied, so the list stays short. */
export function pastPurges(db: DbOrTx) {
  return db
    .select()
    .from(meetingPurges)
    .orderBy(desc(meetingPurges.purgedAt), asc(meetingPurges.meetingName));
}
