import type { AdminListQuery, ApplicationDto, ApplicationListDto, MeetingStatsDto } from "@visa/domain";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Actor } from "../auth/guards.js";
import type { AppContext } from "../context.js";
import { applications } from "../db/schema.js";
import { applicationPresenter } from "./application.presenter.js";
import { loadApplications } from "./application.queries.js";

/** The actor's own applications, newest first. */
export async function listOwnApplications(ctx: AppContext, actor: Actor): Promise<ApplicationDto[]> {
  const records = await loadApplications(ctx.db, {
    where: eq(applications.userId, actor.userId),
    orderBy: [desc(applications.createdAt), desc(applications.id)],
  });
  return records.map(applicationPresenter);
}

/** A LIKE pattern matching `term` literally anywhere: % and _ typed by the admin are not wildcards. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, "\\$&")}%`;
}

function adminFilter(query: Pick<AdminListQuery, "meetingId" | "search">): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.meetingId) conditions.push(eq(applications.meetingId, query.meetingId));
  const term = query.search.trim();
  if (term) {
    const pattern = containsPattern(term);
    const fullName = sql`${applications.firstName} || ' ' || ${applications.lastName}`;
    const match = or(ilike(fullName, pattern), ilike(applications.email, pattern));
    if (match) conditions.push(match);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * One page of all applications for admins: filtered by meeting and search, sorted in the database.
 * createdAt and then id break ties, so a row never shows on two pages or on none.
 */
export async function listApplicationsForAdmin(
  ctx: AppContext,
  query: AdminListQuery,
): Promise<ApplicationListDto> {
  const where = adminFilter(query);
  const dir = query.sortDirection === "desc" ? desc : asc;
  const orderBy =
    query.sortBy === "status"
      ? [dir(applications.status), dir(applications.createdAt), dir(applications.id)]
      : [dir(applications.createdAt), dir(applications.id)];
  const [totalRow] = await ctx.db.select({ total: count() }).from(applications).where(where);
  const total = totalRow?.total ?? 0;
  // The page's ids first, from the index alone; the joins then touch only those rows. Joining
  // before the offset made a deep page join thousands of skipped rows with their editors.
  const pageIds = await ctx.db
    .select({ id: applications.id })
    .from(applications)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const records =
    pageIds.length === 0
      ? []
      : await loadApplications(ctx.db, {
          where: inArray(
            applications.id,
            pageIds.map((r) => r.id),
          ),
          orderBy,
        });
  return {
    applications: records.map(applicationPresenter),
    // An empty meeting still has one (empty) page, so "Page 1 of 1" never reads "of 0".
    pagination: { total, page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)) },
  };
}

const countStatus = (status: string) =>
  sql<number>`count(*) filter (where ${applications.status} = ${status})`.mapWith(Number);

/** Counts by status for one meeting (or all), in one grouped query. */
export async function applicationStats(ctx: AppContext, meetingId?: string): Promise<MeetingStatsDto> {
  const [row] = await ctx.db
    .select({
      total: count(),
      pending: countStatus("Pending"),
      approved: countStatus("Approved"),
      rejected: countStatus("Rejected"),
    })
    .from(applications)
    .where(meetingId ? eq(applications.meetingId, meetingId) : undefined);
  return row ?? { total: 0, pending: 0, approved: 0, rejected: 0 };
}
