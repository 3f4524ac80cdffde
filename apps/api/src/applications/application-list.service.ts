import type { AdminListQuery, ApplicationListDto, MeetingStatsDto } from "@visa/domain";
import { and, count, eq, type SQL, sql, sum } from "drizzle-orm";
import type { Actor } from "../auth/guards.js";
import type { AppContext } from "../context.js";
import type { Db } from "../db/client.js";
import { madeOnce } from "../db/prepared.js";
import { applicationCounts, applications } from "../db/schema.js";
import {
  type AdminOrder,
  currentListVersion,
  currentOwnListVersions,
  type JsonPage,
  loadApplicationsJsonByIds,
  loadApplicationsOfUserJson,
  loadMeetingPage,
  loadMeetingSearchPage,
  loadSearchPage,
  matchesSearch,
  orderKeys,
} from "./application.queries.js";
import { ListPageCache } from "./list-cache.js";

/**
 * The actor's own applications, newest first, as the JSON array the route sends. Kept like admin
 * pages (list-cache.ts) and sent again while the versions of the user's meetings are the ones it
 * was read at (ownListVersions in application.queries.ts).
 */
export async function listOwnApplicationsJson(ctx: AppContext, actor: Actor): Promise<string> {
  return keptOrRead(
    ctx,
    `own\u0000${actor.userId}`,
    () => currentOwnListVersions(ctx.db, actor.userId),
    async () => {
      const { json, versions } = await loadApplicationsOfUserJson(ctx.db, actor.userId);
      return { json, version: versions };
    },
  );
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
    conditions.push(matchesSearch(containsPattern(term)));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** The kept counts of one meeting, or of all, by status: prepared once per database. */
function prepareCounts(db: Db) {
  const byStatus = { status: applicationCounts.status, count: sum(applicationCounts.count).mapWith(Number) };
  return {
    meeting: db
      .select(byStatus)
      .from(applicationCounts)
      .where(eq(applicationCounts.meetingId, sql.placeholder("meetingId")))
      .groupBy(applicationCounts.status)
      .prepare("application_counts_of_meeting"),
    all: db
      .select(byStatus)
      .from(applicationCounts)
      .groupBy(applicationCounts.status)
      .prepare("application_counts_all"),
  };
}
const preparedCounts = new WeakMap<Db, ReturnType<typeof prepareCounts>>();

/**
 * Applications per status from the counts the triggers keep (migration 0005): a few rows read
 * however large the meeting, instead of counting its applications.
 */
async function countsByStatus(ctx: AppContext, meetingId?: string): Promise<MeetingStatsDto> {
  const counts = madeOnce(preparedCounts, ctx.db, () => prepareCounts(ctx.db));
  const rows = meetingId ? await counts.meeting.execute({ meetingId }) : await counts.all.execute();
  const of = (status: string) => rows.find((r) => r.status === status)?.count ?? 0;
  const stats = { pending: of("Pending"), approved: of("Approved"), rejected: of("Rejected") };
  return { total: stats.pending + stats.approved + stats.rejected, ...stats };
}

/** A term with three letters or digits in a row: the trigram indexes can narrow its matches. */
const TRIGRAM_TERM = /[\p{L}\p{N}]{3}/u;

/** How many applications a filter matches (a page past the last match has no row to carry it). */
async function countMatches(ctx: AppContext, where: SQL | undefined): Promise<number> {
  const [row] = await ctx.db.select({ total: count() }).from(applications).where(where);
  return row?.total ?? 0;
}

/** The admin list's order of a query. */
function orderOf(query: AdminListQuery): AdminOrder {
  return `${query.sortBy === "status" ? "status" : "createdAt"}-${query.sortDirection === "desc" ? "desc" : "asc"}`;
}

/**
 * The one statement that reads a page of one meeting's list (plain or searched) with its total
 * and the meeting's list version, or null when the query is not one meeting's list: a list across
 * meetings, or a term too short for the trigram indexes (planned for its value, see below).
 */
function meetingPageReader(ctx: AppContext, query: AdminListQuery): (() => Promise<JsonPage>) | null {
  const meetingId = query.meetingId;
  if (!meetingId) return null;
  const order = orderOf(query);
  const offset = (query.page - 1) * query.limit;
  const term = query.search.trim();
  // The admin screen's usual request: one prepared statement for the page and the total.
  if (!term) return () => loadMeetingPage(ctx.db, { meetingId, order, limit: query.limit, offset });
  // A search in a meeting (the admin screen's search box): one prepared statement. Its plan is
  // made once for every term, so only terms the trigram indexes serve take this way.
  if (!TRIGRAM_TERM.test(term)) return null;
  const pattern = containsPattern(term);
  return () => loadMeetingSearchPage(ctx.db, { meetingId, pattern, order, limit: query.limit, offset });
}

/**
 * One page of all applications for admins: filtered by meeting and search, sorted in the database.
 * createdAt and then id break ties, so a row never shows on two pages or on none. The version is
 * the meeting's list version the page was read at (null: not one meeting's list, or past its end).
 */
async function readAdminList(
  ctx: AppContext,
  query: AdminListQuery,
  readMeetingPage: (() => Promise<JsonPage>) | null,
): Promise<{ json: string; version: string | null }> {
  const order = orderOf(query);
  const offset = (query.page - 1) * query.limit;
  const term = query.search.trim();
  const where = adminFilter(query);
  let page: JsonPage;
  let total: number;
  if (readMeetingPage) {
    page = await readMeetingPage();
    // Past the last row the page has no row to carry the total.
    total =
      page.total ??
      (term ? await countMatches(ctx, where) : (await countsByStatus(ctx, query.meetingId)).total);
  } else if (term) {
    // Across meetings, or a term too short for a trigram (planned for its value: for "a" the
    // meeting's own index beats the trigram index, 24 ms against 100 ms at 10,000 applications).
    // The matches are found and counted once, with the page.
    page = await loadSearchPage(ctx.db, { where, order, limit: query.limit, offset });
    total = page.total ?? (await countMatches(ctx, where));
  } else {
    // Every meeting: the total is the kept counts; the page's ids come from the index alone,
    // then the joins touch only those rows.
    total = (await countsByStatus(ctx)).total;
    const pageIds = await ctx.db
      .select({ id: applications.id })
      .from(applications)
      .orderBy(...orderKeys(order))
      .limit(query.limit)
      .offset(offset);
    const items = await loadApplicationsJsonByIds(
      ctx.db,
      pageIds.map((r) => r.id),
      order,
    );
    page = { items, total, version: null };
  }
  // An empty meeting still has one (empty) page, so "Page 1 of 1" never reads "of 0".
  const pagination: ApplicationListDto["pagination"] = {
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.limit)),
  };
  // ApplicationListDto, its applications already JSON.
  const json = `{"applications":[${page.items.join(",")}],"pagination":${JSON.stringify(pagination)}}`;
  return { json, version: page.version };
}

/**
 * Bytes of admin list pages kept per database: some 170 pages of ten applications (two bytes a
 * character). Measured under 50 clients asking random pages of a 10,000-application meeting, a
 * 4 MB budget added 10 MB to the server's peak RSS over no kept pages at all, 16 MB added 40 MB
 * (kept pages outlive young-generation collections, and replaced ones wait for a full one).
 */
const LIST_CACHE_BYTES = 4 * 1024 * 1024;
const listCaches = new WeakMap<Db, ListPageCache>();

/** The kept pages of a database (see list-cache.ts). */
export function listCacheOf(db: Db): ListPageCache {
  return madeOnce(listCaches, db, () => new ListPageCache(LIST_CACHE_BYTES));
}

/**
 * The JSON kept under `key` when its version is still `current()`; otherwise `read()` anew, kept
 * with the version it was read at (a null version: not kept).
 */
async function keptOrRead(
  ctx: AppContext,
  key: string,
  current: () => Promise<string | null>,
  read: () => Promise<{ json: string; version: string | null }>,
): Promise<string> {
  const cache = listCacheOf(ctx.db);
  const kept = cache.get(key);
  if (kept && kept.version === (await current())) return kept.body;
  const { json, version } = await read();
  if (version !== null) cache.set(key, version, json);
  return json;
}

/**
 * The admin list page as the JSON the route sends. A page of one meeting's list that was sent
 * before is sent again, without reading its rows, when the meeting's list version is still the
 * one it was read at; otherwise it is read anew and kept with its version.
 */
export async function adminListJson(ctx: AppContext, query: AdminListQuery): Promise<string> {
  const readMeetingPage = meetingPageReader(ctx, query);
  const meetingId = query.meetingId;
  if (!readMeetingPage || !meetingId) return (await readAdminList(ctx, query, null)).json;
  const key = ["page", meetingId, orderOf(query), query.limit, query.page, query.search.trim()].join(
    "\u0000",
  );
  return keptOrRead(
    ctx,
    key,
    () => currentListVersion(ctx.db, meetingId),
    () => readAdminList(ctx, query, readMeetingPage),
  );
}

/** Counts by status for one meeting (or all). */
export async function applicationStats(ctx: AppContext, meetingId?: string): Promise<MeetingStatsDto> {
  return countsByStatus(ctx, meetingId);
}
