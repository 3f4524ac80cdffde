import type { AdminListQuery, ApplicationDto, ApplicationListDto, MeetingStatsDto } from "@visa/domain";
import type { Actor } from "../auth/guards.js";
import type { AppContext } from "../context.js";
import { applicationPresenter } from "./application.presenter.js";
import { readAdminList, readApplicationsOfUser, readCounts } from "./application.queries.js";

/** The actor's own applications, newest first. */
export async function listOwnApplications(ctx: AppContext, actor: Actor): Promise<ApplicationDto[]> {
  const records = await readApplicationsOfUser(ctx.statements.applications, actor.userId);
  return records.map((r) => applicationPresenter(r, actor));
}

/** One page of all applications for admins: filtered, sorted and counted in the database. */
export async function listApplicationsForAdmin(
  ctx: AppContext,
  query: AdminListQuery,
): Promise<ApplicationListDto> {
  const { records, total } = await readAdminList(ctx.db, ctx.statements.applications, query);
  return {
    applications: records.map((r) => applicationPresenter(r, { isAdmin: true })),
    // An empty meeting still has one (empty) page, so "Page 1 of 1" never reads "of 0".
    pagination: { total, page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)) },
  };
}

/** Counts by status for one meeting (or all), from the trigger-kept counts. */
export async function applicationStats(ctx: AppContext, meetingId?: string): Promise<MeetingStatsDto> {
  const counts = await readCounts(ctx.statements.applications, meetingId);
  const stats = { pending: counts.Pending, approved: counts.Approved, rejected: counts.Rejected };
  return { total: stats.pending + stats.approved + stats.rejected, ...stats };
}
