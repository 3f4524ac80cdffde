import {
  dayToIso,
  type PurgeCountsDto,
  type PurgePreviewDto,
  type PurgeResultDto,
  todayUtc,
} from "@visa/domain";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { applications, meetingPurges, meetings } from "../db/schema.js";
import { purgeMeetingLetters } from "../letters/letter-purge.js";
import { isPurgeEligible, purgeCutoff } from "./purge.policy.js";
import { eligibleMeetingPresenter, purgeRecordPresenter } from "./purge.presenter.js";
import { eligibleMeetings, pastPurges } from "./purge.queries.js";

export type PurgeTrigger = "admin" | "schedule";

/** What a purge would delete now (meetings and their counts), and the counts past purges kept. */
export async function purgePreview(ctx: AppContext, now: Date = new Date()): Promise<PurgePreviewDto> {
  const cutoff = purgeCutoff(todayUtc(now), ctx.config.purgeAfterDays);
  const [eligible, purges] = await Promise.all([eligibleMeetings(ctx.db, cutoff), pastPurges(ctx.db)]);
  const kept = emptyCounts();
  for (const p of purges) addCounts(kept, p);
  return {
    purgeAfterDays: ctx.config.purgeAfterDays,
    cutoffDate: dayToIso(cutoff),
    schedule: ctx.config.purgeSchedule ?? "off",
    eligible: eligible.map(eligibleMeetingPresenter),
    purges: purges.map(purgeRecordPresenter),
    kept,
  };
}

/**
 * Deletes the applications (and so their documents) of every meeting that ended more than
 * purgeAfterDays days ago, one transaction per meeting that also records their counts; each
 * deleted application is announced after its commit, which revokes its letter. Meetings stay.
 */
export async function purgeOldApplications(
  ctx: AppContext,
  trigger: PurgeTrigger,
  now: Date = new Date(),
): Promise<PurgeResultDto> {
  const cutoff = purgeCutoff(todayUtc(now), ctx.config.purgeAfterDays);
  const candidates = await eligibleMeetings(ctx.db, cutoff);
  const purged: PurgeResultDto["meetings"] = [];
  for (const { meetingId } of candidates) {
    const done = await purgeMeeting(ctx, meetingId, cutoff, trigger);
    if (done) purged.push(done);
  }
  return { meetings: purged, total: purged.reduce((sum, m) => sum + m.purged, 0) };
}

async function purgeMeeting(ctx: AppContext, meetingId: string, cutoff: string, trigger: PurgeTrigger) {
  const outcome = await ctx.db.transaction(async (tx) => {
    // The lock makes an application insert, an edit of the meeting or another purge (another
    // server's schedule) wait; the end day is checked again under it, as it stands now.
    const [meeting] = await tx.select().from(meetings).where(eq(meetings.id, meetingId)).for("update");
    if (!meeting || !isPurgeEligible(meeting.endDate, cutoff)) return null;
    await purgeMeetingLetters(tx, meetingId);
    const removed = await tx
      .delete(applications)
      .where(eq(applications.meetingId, meetingId))
      .returning({ id: applications.id, status: applications.status });
    if (removed.length === 0) return null;
    const counts = emptyCounts();
    for (const { status } of removed) addCounts(counts, countsOf(status));
    await tx.insert(meetingPurges).values({
      meetingId,
      meetingName: meeting.name,
      meetingStartDate: meeting.startDate,
      meetingEndDate: meeting.endDate,
      trigger,
      ...counts,
    });
    return { name: meeting.name, ids: removed.map((r) => r.id) };
  });
  if (!outcome) return null;
  for (const applicationId of outcome.ids) ctx.events.emit("application.deleted", { applicationId });
  return { meetingId, name: outcome.name, purged: outcome.ids.length };
}

function emptyCounts(): PurgeCountsDto {
  return { total: 0, pending: 0, approved: 0, rejected: 0 };
}

function countsOf(status: "Pending" | "Approved" | "Rejected"): PurgeCountsDto {
  return {
    total: 1,
    pending: status === "Pending" ? 1 : 0,
    approved: status === "Approved" ? 1 : 0,
    rejected: status === "Rejected" ? 1 : 0,
  };
}

function addCounts(into: PurgeCountsDto, add: PurgeCountsDto): void {
  into.total += add.total;
  into.pending += add.pending;
  into.approved += add.approved;
  into.rejected += add.rejected;
}
