import type {
  AdminListFilters,
  ApplicationDto,
  ApplicationListDto,
  ApplicationListQuery,
  ApplicationStatus,
  ApplicationSummaryDto,
  MeetingStatsDto,
  NeighboursDto,
} from "@visa/domain";
import type { Actor } from "../auth/guards.js";
import type { AppContext } from "../context.js";
import { meetings } from "../db/schema.js";
import { forbidden } from "../lib/errors.js";
import { adminListRefusal } from "./application.policy.js";
import { applicationPresenter, applicationSummaryPresenter } from "./application.presenter.js";
import {
  type AdminListQuery,
  readAdminList,
  readAdminListIds,
  readAdminSummaries,
  readApplicationsOfUser,
  readCounts,
  referencedApplication,
} from "./application.queries.js";
import { reviewWarnings, warnedIdsOfMeetings } from "./warnings.service.js";

/** The actor's own applications, newest first. */
async function listOwnApplications(ctx: AppContext, actor: Actor): Promise<ApplicationDto[]> {
  const records = await readApplicationsOfUser(ctx.statements.applications, actor.userId);
  return records.map((r) => applicationPresenter(r, actor));
}

/** The meetings a list query covers: its own, or all of them. */
async function meetingsOf(ctx: AppContext, query: AdminListFilters): Promise<string[]> {
  if (query.meetingId) return [query.meetingId];
  return (await ctx.db.select({ id: meetings.id }).from(meetings)).map((m) => m.id);
}

/**
 * The filters as the list's query: 'has warnings' becomes the ids of the requests with warnings,
 * which takes the rules over whole meetings; without it nothing but the list is read.
 */
async function listQuery(
  ctx: AppContext,
  { warnings: onlyWarned, ...query }: AdminListFilters,
): Promise<AdminListQuery> {
  const referencedId = query.search.trim() ? await referencedApplication(ctx.db, query.search) : null;
  if (onlyWarned !== "true") return { ...query, referencedId };
  const withIds = await warnedIdsOfMeetings(ctx.db, await meetingsOf(ctx, query));
  return { ...query, referencedId, withIds };
}

/**
 * GET /api/applications: the actor's own applications, or with `admin=true` the admin list, which
 * only admins may read.
 */
export async function listApplications(
  ctx: AppContext,
  actor: Actor,
  { admin, ...query }: ApplicationListQuery,
): Promise<ApplicationDto[] | ApplicationListDto | ApplicationListDto<ApplicationSummaryDto>> {
  if (admin !== "true") return listOwnApplications(ctx, actor);
  const refusal = adminListRefusal(actor);
  if (refusal) throw forbidden(refusal);
  return listApplicationsForAdmin(ctx, query);
}

/**
 * One page of all applications for admins: filtered, sorted and counted in the database, each
 * with its data-quality warnings. As full applications (the default), or as summaries, which
 * read and send only what the admin table shows.
 */
async function listApplicationsForAdmin(
  ctx: AppContext,
  { view, ...query }: ApplicationListQuery,
): Promise<ApplicationListDto | ApplicationListDto<ApplicationSummaryDto>> {
  const listed = await listQuery(ctx, query);
  // An empty meeting still has one (empty) page, so "Page 1 of 1" never reads "of 0".
  const pagination = (total: number) => ({
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.limit)),
  });
  if (view === "summary") {
    const { records, total } = await readAdminSummaries(ctx.db, ctx.statements.applications, listed);
    return {
      applications: records.map((r) => applicationSummaryPresenter(r.app, reviewWarnings(r))),
      pagination: pagination(total),
    };
  }
  const { records, total } = await readAdminList(ctx.db, ctx.statements.applications, listed);
  return {
    applications: records.map((r) => applicationPresenter(r, { isAdmin: true }, reviewWarnings(r))),
    pagination: pagination(total),
  };
}

/** Counts by status for one meeting (or all), from the trigger-kept counts. */
export async function applicationStats(ctx: AppContext, meetingId?: string): Promise<MeetingStatsDto> {
  const counts = await readCounts(ctx.statements.applications, meetingId);
  const stats = { pending: counts.Pending, approved: counts.Approved, rejected: counts.Rejected };
  return { total: stats.pending + stats.approved + stats.rejected, ...stats };
}

/**
 * Where an application sits in the admin list as filtered and sorted: the ids before and after
 * it. One that has left the list (decided, by this admin or another) gets the listed requests
 * on either side of where it stood in the list (readAdminListIds), and position 0; one decided
 * within it is placed by `seenStatus`, the status the admin saw, when given.
 */
export async function applicationNeighbours(
  ctx: AppContext,
  { id, seenStatus, ...query }: AdminListFilters & { id: string; seenStatus?: ApplicationStatus },
): Promise<NeighboursDto> {
  const rows = await readAdminListIds(ctx.db, await listQuery(ctx, query), id, seenStatus);
  const at = rows.findIndex((r) => r.id === id);
  const listed = rows.filter((r) => r.listed);
  const before = at < 0 ? [] : rows.slice(0, at).filter((r) => r.listed);
  const after = at < 0 ? undefined : rows.slice(at + 1).find((r) => r.listed);
  return {
    previous: before.at(-1)?.id ?? null,
    next: after?.id ?? null,
    position: at >= 0 && rows[at]?.listed ? before.length + 1 : 0,
    total: listed.length,
  };
}
