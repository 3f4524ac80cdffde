import { dayToIso, type PurgeEligibleMeetingDto, type PurgeRecordDto } from "@visa/domain";
import type { meetingPurges } from "../db/schema.js";
import type { EligibleMeetingRow } from "./purge.queries.js";

/** A meeting a purge would empty now, with its days as UTC-midnight timestamps. */
export function eligibleMeetingPresenter(row: EligibleMeetingRow): PurgeEligibleMeetingDto {
  return {
    meetingId: row.meetingId,
    name: row.name,
    startDate: dayToIso(row.startDate),
    endDate: dayToIso(row.endDate),
    total: row.total,
    pending: row.pending,
    approved: row.approved,
    rejected: row.rejected,
  };
}

/** One past purge and the counts it kept. */
export function purgeRecordPresenter(row: typeof meetingPurges.$inferSelect): PurgeRecordDto {
  return {
    _id: row.id,
    meetingId: row.meetingId,
    name: row.meetingName,
    startDate: dayToIso(row.meetingStartDate),
    endDate: dayToIso(row.meetingEndDate),
    purgedAt: row.purgedAt.toISOString(),
    trigger: row.trigger,
    total: row.total,
    pending: row.pending,
    approved: row.approved,
    rejected: row.rejected,
  };
}
