import { MAX_PAGE_SIZE } from "@visa/domain";
import { and, asc, desc, eq, ilike, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.js";
import { madeOnce } from "../db/prepared.js";
import { applicationCounts, applications, documents, listVersions, meetings } from "../db/schema.js";
import type { ApplicationRecord, DocumentMeta } from "./application.presenter.js";
import { applicationJson, updaters } from "./application-json.js";

/** A document's metadata as the JSON aggregate below returns it (its timestamp as text). */
type DocumentJson = Omit<DocumentMeta, "createdAt"> & { createdAt: string };

/**
 * The application's documents (without bytes) as one JSON array in the application's own row:
 * a list or a single application is one statement, not one for the rows and one for the files.
 */
const documentsJson = sql<DocumentJson[]>`(
  select coalesce(json_agg(json_build_object(
    'id', d.id, 'applicationId', d.application_id, 'filename', d.filename,
    'contentType', d.content_type, 'size', d.size, 'createdAt', d.created_at
  ) order by d.created_at, d.id), '[]'::json)
  from ${documents} d where d.application_id = ${applications.id}
)`;

const recordFields = {
  app: applications,
  meeting: meetings,
  updater: { firstName: updaters.firstName, lastName: updaters.lastName, email: updaters.email },
  documents: documentsJson,
};

function selectRecords(db: Db) {
  return db
    .select(recordFields)
    .from(applications)
    .innerJoin(meetings, eq(meetings.id, applications.meetingId))
    .leftJoin(updaters, eq(updaters.id, applications.lastUpdatedById));
}

/** The application's JSON as text: the driver hands it over as a string, not parsed. */
const JSON_TEXT = sql<string>`${applicationJson}::text`;

/** A select from applications with the joins applicationJson reads. */
function joinedForJson<T extends PgSelect>(query: T) {
  return query
    .innerJoin(meetings, eq(meetings.id, applications.meetingId))
    .leftJoin(updaters, eq(updaters.id, applications.lastUpdatedById));
}

type RecordRow = Omit<ApplicationRecord, "documents"> & { documents: DocumentJson[] | string };

function toRecord(row: RecordRow): ApplicationRecord {
  // Drivers hand json back parsed; parse text defensively so a driver change cannot break lists.
  const docs =
    typeof row.documents === "string" ? (JSON.parse(row.documents) as DocumentJson[]) : row.documents;
  return {
    app: row.app,
    meeting: row.meeting,
    updater: row.updater,
    documents: docs.map((d) => ({ ...d, createdAt: new Date(d.createdAt) })),
  };
}

/** The admin list's orders: by status (then createdAt, id) or by createdAt (then id), each way. */
export const ADMIN_ORDERS = ["status-asc", "status-desc", "createdAt-asc", "createdAt-desc"] as const;
export type AdminOrder = (typeof ADMIN_ORDERS)[number];

/** The ORDER BY of an admin-list order; createdAt and then id break ties, so pages never overlap. */
export function orderKeys(order: AdminOrder) {
  const dir = order.endsWith("-desc") ? desc : asc;
  return order.startsWith("status-")
    ? [dir(applications.status), dir(applications.createdAt), dir(applications.id)]
    : [dir(applications.createdAt), dir(applications.id)];
}

/**
 * A page size written into the statement's text. Drizzle sends a number as a parameter; it
 * accepts SQL at run time although its type says number. Checked here, so nothing but a small
 * integer is ever inlined.
 */
function literalLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new RangeError(`page size out of range: ${limit}`);
  }
  return sql.raw(String(limit)) as unknown as number;
}

/**
 * A page of one meeting's admin list and the meeting's total, in one statement: the page's ids
 * from the index alone (a deep page skips thousands of index entries, never thousands of joined
 * rows), then the joins for those rows only, and the total from the kept counts. The page size
 * is part of the statement, not a parameter: with a parameter PostgreSQL plans for a tenth of the
 * meeting, finds its generic plan dear and plans again on every execution (~1 ms each).
 */
function prepareMeetingPage(db: Db, order: AdminOrder, limit: number) {
  const meetingId = sql.placeholder("meetingId");
  const total = sql<number>`(select coalesce(sum(${applicationCounts.count}), 0) from ${applicationCounts}
    where ${applicationCounts.meetingId} = ${meetingId})`;
  const page = pageIds(
    db,
    eq(applications.meetingId, meetingId),
    order,
    limit,
    total,
    listVersionOf(meetingId),
  );
  return selectPage(db, page, order).prepare(`admin_meeting_page_${order}_${limit}`);
}

/**
 * The statements the busiest screens run, prepared once per database (named, so a PostgreSQL
 * server parses and plans each once per connection): one application, and a user's own list.
 */
function prepareLoads(db: Db) {
  return {
    byId: selectRecords(db)
      .where(eq(applications.id, sql.placeholder("id")))
      .prepare("application_by_id"),
    /** One application's JSON and what deciding who may read it needs. */
    jsonById: joinedForJson(
      db
        .select({
          userId: applications.userId,
          status: applications.status,
          meetingId: applications.meetingId,
          json: JSON_TEXT,
        })
        .from(applications)
        .$dynamic(),
    )
      .where(eq(applications.id, sql.placeholder("id")))
      .prepare("application_json_by_id"),
    /** A user's own applications, newest first, as one JSON array. */
    jsonOfUser: joinedForJson(
      db
        .select({
          json: sql<string>`'[' || coalesce(string_agg(${JSON_TEXT}, ',' order by ${applications.createdAt} desc, ${applications.id} desc), '') || ']'`,
          versions: sql<string | null>`(${ownListVersions(sql.placeholder("userId"))})`,
        })
        .from(applications)
        .$dynamic(),
    )
      .where(eq(applications.userId, sql.placeholder("userId")))
      .prepare("applications_json_of_user"),
    jsonByIds: Object.fromEntries(
      ADMIN_ORDERS.map((order) => [
        order,
        joinedForJson(db.select({ json: JSON_TEXT }).from(applications).$dynamic())
          .where(sql`${applications.id} = any(${sql.placeholder("ids")}::uuid[])`)
          .orderBy(...orderKeys(order))
          .prepare(`applications_json_by_ids_${order}`),
      ]),
    ),
    /** Made on first use, one per order and page size (at most 4 × MAX_PAGE_SIZE). */
    meetingPages: new Map<string, ReturnType<typeof prepareMeetingPage>>(),
    meetingSearches: new Map<string, ReturnType<typeof prepareMeetingSearch>>(),
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareLoads>>();
const loadsOf = (db: Db) => madeOnce(prepared, db, () => prepareLoads(db));

/** One application with everything its presenter needs, or null. */
export async function loadApplication(db: Db, id: string): Promise<ApplicationRecord | null> {
  const [row] = await loadsOf(db).byId.execute({ id });
  return row ? toRecord(row) : null;
}

/** One application as the API's JSON (application-json.ts) with its owner, status and meeting. */
export async function loadApplicationJson(
  db: Db,
  id: string,
): Promise<{ userId: string | null; status: string; meetingId: string; json: string } | null> {
  const [row] = await loadsOf(db).jsonById.execute({ id });
  return row ?? null;
}

/**
 * The list versions of the meetings a user has applications in, as "meeting:version" pairs in
 * meeting order ("" for none; null when a meeting has no version, and the list cannot be kept).
 * Whatever changes the user's own list bumps, in the same transaction, a meeting that holds one
 * of the user's applications before or after the change (the triggers of migration 0009); a
 * meeting's versions only grow, as each bump waits for the one before on the version's row. So a
 * change either moves a pair or changes the set of meetings: the text is not the same again.
 */
function ownListVersions(userId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`select case when bool_and(v.version is not null) is not false
      then coalesce(string_agg(m.meeting_id || ':' || v.version, ',' order by m.meeting_id), '') end
    from (select distinct ${applications.meetingId} as meeting_id from ${applications}
      where ${applications.userId} = ${userId}) m
    left join ${listVersions} v on v.meeting_id = m.meeting_id`;
}

/** A user's own applications, newest first, as the API's JSON array, and their versions. */
export async function loadApplicationsOfUserJson(
  db: Db,
  userId: string,
): Promise<{ json: string; versions: string | null }> {
  const [row] = await loadsOf(db).jsonOfUser.execute({ userId });
  return { json: row?.json ?? "[]", versions: row?.versions ?? null };
}

function prepareOwnVersionsRead(db: Db) {
  const userId = sql.placeholder("userId");
  return db
    .select({ versions: sql<string | null>`(${ownListVersions(userId)})` })
    .from(sql`(select 1) one`)
    .prepare("own_list_versions");
}
const ownVersionReads = new WeakMap<Db, ReturnType<typeof prepareOwnVersionsRead>>();

/** The versions a user's own list depends on now (see ownListVersions). */
export async function currentOwnListVersions(db: Db, userId: string): Promise<string | null> {
  const [row] = await madeOnce(ownVersionReads, db, () => prepareOwnVersionsRead(db)).execute({ userId });
  return row?.versions ?? null;
}

/** The given applications in an admin-list order, each as the API's JSON. */
export async function loadApplicationsJsonByIds(db: Db, ids: string[], order: AdminOrder): Promise<string[]> {
  if (ids.length === 0) return [];
  const query = loadsOf(db).jsonByIds[order];
  if (!query) throw new Error(`no prepared order ${order}`);
  const rows = await query.execute({ ids });
  return rows.map((r) => r.json);
}

/**
 * A page of applications (each the API's JSON), its list's total and the meeting's list version,
 * all read in one statement (one snapshot). Null total and version: the page is empty.
 */
export interface JsonPage {
  items: string[];
  total: number | null;
  version: string | null;
}

/** One page of a meeting's admin list with the meeting's total and list version. */
export async function loadMeetingPage(
  db: Db,
  params: { meetingId: string; order: AdminOrder; limit: number; offset: number },
): Promise<JsonPage> {
  const query = madeOnce(loadsOf(db).meetingPages, `${params.order}_${params.limit}`, () =>
    prepareMeetingPage(db, params.order, params.limit),
  );
  const rows = await query.execute({ meetingId: params.meetingId, offset: params.offset });
  return pageOf(rows);
}

/**
 * An admin search: "first last" or e-mail contains the pattern, case-insensitively. Written
 * exactly as the trigram indexes' expressions (schema.ts), or PostgreSQL would not use them.
 */
export function matchesSearch(pattern: string | SQLWrapper): SQL {
  const fullName = sql`${applications.firstName} || ' ' || ${applications.lastName}`;
  return or(ilike(fullName, pattern), ilike(applications.email, pattern)) as SQL;
}

/** A search's total: every match counted by a window, before LIMIT applies. */
const COUNT_MATCHES = sql<number>`count(*) over ()`;

/** A meeting's list version as text (bigint arrives as a string from every driver then). */
function listVersionOf(meetingId: SQLWrapper): SQL<string | null> {
  return sql<string | null>`(select ${listVersions.version}::text from ${listVersions}
    where ${listVersions.meetingId} = ${meetingId})`;
}

/** No list version: a list across meetings is not kept (see list-cache.ts). */
const NO_VERSION = sql<string | null>`null::text`;

/**
 * A page's ids, in order, read from the index alone, each carrying the list's total and version:
 * the joins in selectPage then touch only the page's rows (joining before OFFSET joined every
 * skipped row).
 */
function pageIds(
  db: Db,
  where: SQL | undefined,
  order: AdminOrder,
  limit: number,
  total: SQL<number>,
  version: SQL<string | null>,
) {
  return db
    .select({
      pageId: sql<string>`${applications.id}`.as("page_id"),
      total: total.as("total"),
      listVersion: version.as("list_version"),
    })
    .from(applications)
    .where(where)
    .orderBy(...orderKeys(order))
    .limit(literalLimit(limit))
    .offset(sql.placeholder("offset"))
    .as("page");
}

/** The page's applications as the API's JSON, with the total and the list version. */
function selectPage(db: Db, page: ReturnType<typeof pageIds>, order: AdminOrder) {
  return db
    .select({
      json: JSON_TEXT,
      total: sql<number>`${page.total}`.mapWith(Number),
      listVersion: sql<string | null>`${page.listVersion}`,
    })
    .from(page)
    .innerJoin(applications, eq(applications.id, page.pageId))
    .innerJoin(meetings, eq(meetings.id, applications.meetingId))
    .leftJoin(updaters, eq(updaters.id, applications.lastUpdatedById))
    .orderBy(...orderKeys(order));
}

/**
 * A search in one meeting, prepared per order and page size like the meeting's pages: planning
 * this join cost more than running it (about 1 ms against 0.9 ms at 10,000 applications).
 */
function prepareMeetingSearch(db: Db, order: AdminOrder, limit: number) {
  const meetingId = sql.placeholder("meetingId");
  const where = and(eq(applications.meetingId, meetingId), matchesSearch(sql.placeholder("pattern")));
  const page = pageIds(db, where, order, limit, COUNT_MATCHES, listVersionOf(meetingId));
  return selectPage(db, page, order).prepare(`admin_meeting_search_${order}_${limit}`);
}

/** One page of a search in a meeting, the number of matches and the meeting's list version. */
export async function loadMeetingSearchPage(
  db: Db,
  params: { meetingId: string; pattern: string; order: AdminOrder; limit: number; offset: number },
): Promise<JsonPage> {
  const query = madeOnce(loadsOf(db).meetingSearches, `${params.order}_${params.limit}`, () =>
    prepareMeetingSearch(db, params.order, params.limit),
  );
  const rows = await query.execute({
    meetingId: params.meetingId,
    pattern: params.pattern,
    offset: params.offset,
  });
  return pageOf(rows);
}

/**
 * A page of a search and the number of matches, in one statement: the matches are found once
 * (through the trigram indexes), counted by a window over all of them before LIMIT applies, and
 * only the page's rows are joined. Null total: the page is past the last match.
 */
export async function loadSearchPage(
  db: Db,
  params: { where: SQL | undefined; order: AdminOrder; limit: number; offset: number },
): Promise<JsonPage> {
  const page = pageIds(db, params.where, params.order, params.limit, COUNT_MATCHES, NO_VERSION);
  const rows = await selectPage(db, page, params.order).execute({ offset: params.offset });
  return pageOf(rows);
}

function pageOf(rows: { json: string; total: number; listVersion: string | null }[]): JsonPage {
  const first = rows[0];
  return {
    items: rows.map((r) => r.json),
    total: first?.total ?? null,
    version: first?.listVersion ?? null,
  };
}

/** A prepared read of a meeting's list version: is a kept page still the meeting's list? */
function prepareVersionRead(db: Db) {
  return db
    .select({ version: sql<string>`${listVersions.version}::text` })
    .from(listVersions)
    .where(eq(listVersions.meetingId, sql.placeholder("meetingId")))
    .prepare("list_version_of_meeting");
}
const versionReads = new WeakMap<Db, ReturnType<typeof prepareVersionRead>>();

/** The meeting's list version now, or null (no such meeting). */
export async function currentListVersion(db: Db, meetingId: string): Promise<string | null> {
  const [row] = await madeOnce(versionReads, db, () => prepareVersionRead(db)).execute({ meetingId });
  return row?.version ?? null;
}
