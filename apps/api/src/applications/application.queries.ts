import type { AdminListFilters, ApplicationStatus } from "@visa/domain";
import { MAX_PAGE_SIZE, normaliseLetterReference, normalisePassportNumber } from "@visa/domain";
import { and, asc, count, desc, eq, ilike, or, type SQL, type SQLWrapper, sql, sum } from "drizzle-orm";
import { alias, type PgSelectQueryBuilder } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.js";
import {
  applicationColumns,
  applicationCounts,
  applications,
  documents,
  letters,
  meetings,
  statusRank,
  users,
} from "../db/schema.js";
import type { ApplicationRecord, DocumentMeta, SummaryRow } from "./application.presenter.js";
import type { OtherRequestRow, Reviewed, ReviewRecord, SameMeeting } from "./warnings.service.js";

/** Who owns an application and who last changed it: users joined under these names. */
const owners = alias(users, "owner");
const updaters = alias(users, "last_updated_by");

/** A document's metadata as the JSON aggregate below returns it (its timestamp as text). */
type DocumentJson = Omit<DocumentMeta, "createdAt"> & { createdAt: string };

/**
 * The application's documents (without bytes) as one JSON array in the application's own row:
 * a list or a single application is one statement, not one for the rows and one for the files.
 */
const documentsJson = sql<DocumentJson[] | string>`(
  select coalesce(json_agg(json_build_object(
    'id', d.id, 'applicationId', d.application_id, 'filename', d.filename,
    'contentType', d.content_type, 'size', d.size, 'createdAt', d.created_at
  ) order by d.created_at, d.id), '[]'::json)
  from ${documents} d where d.application_id = ${applications.id}
)`;

/** Everything applicationPresenter needs, read with the application in one row. */
const recordFields = {
  app: applicationColumns,
  meeting: meetings,
  owner: {
    id: owners.id,
    firstName: owners.firstName,
    lastName: owners.lastName,
    email: owners.email,
    emailVerifiedAt: owners.emailVerifiedAt,
  },
  updater: { firstName: updaters.firstName, lastName: updaters.lastName, email: updaters.email },
  documents: documentsJson,
};

/** The other applications of the same meeting, as the duplicate rules compare with them. */
const OTHER = "other";
const others = alias(applications, OTHER);
const fromOthers = sql`from ${applications} as ${sql.identifier(OTHER)}`;

/** Another request as the duplicate probes read it: id, first and last name, status. */
const otherRequest = sql`array[${others.id}::text, ${others.firstName}, ${others.lastName}, ${others.status}]`;

/**
 * What the duplicate rules need of the rest of the application's meeting, read in its own row (a
 * page and its warnings are one statement): the other requests with the same passport, and those
 * with the same birthdate, each as otherRequest, so an admin's warning can name them. Each is
 * found through the index on (meeting, passport) or (meeting, birthdate); only the requests found
 * are read from the table (for their status, and a twin passport's names), and most rows find
 * none or one. The rules themselves stay in the domain (reviewWarnings).
 */
const sameMeetingFields = {
  samePassport: sql<OtherRequestRow[]>`array(select ${otherRequest}
    ${fromOthers} where ${others.meetingId} = ${applications.meetingId}
    and ${others.passportKey} = ${applications.passportKey} and ${others.id} <> ${applications.id}
    order by ${others.createdAt}, ${others.id})`,
  sameBirthdate: sql<OtherRequestRow[]>`array(select ${otherRequest}
    ${fromOthers} where ${others.meetingId} = ${applications.meetingId}
    and ${others.birthdate} = ${applications.birthdate} and ${others.id} <> ${applications.id}
    order by ${others.createdAt}, ${others.id})`,
};

/** An application as an admin reviews it: the record and what it shares with its meeting. */
const reviewFields = { ...recordFields, ...sameMeetingFields };

/** An application's joins: its meeting, its owner and who last changed it. */
function withRecordJoins<T extends PgSelectQueryBuilder>(query: T) {
  return query
    .innerJoin(meetings, eq(meetings.id, applications.meetingId))
    .leftJoin(owners, eq(owners.id, applications.userId))
    .leftJoin(updaters, eq(updaters.id, applications.lastUpdatedById));
}

function selectRecords(db: Db) {
  return withRecordJoins(db.select(recordFields).from(applications).$dynamic());
}

/** As selectRecords, each row with what the duplicate rules need of its meeting. */
function selectReviews(db: Db) {
  return withRecordJoins(db.select(reviewFields).from(applications).$dynamic());
}

type RecordRow = Omit<ApplicationRecord, "documents"> & { documents: DocumentJson[] | string };

type ReviewRow = RecordRow & SameMeeting;

/** A joined row as the presenter's record. */
export function toRecord(row: RecordRow): ApplicationRecord {
  // Drivers hand json back parsed; parse text defensively so a driver change cannot break lists.
  const docs =
    typeof row.documents === "string" ? (JSON.parse(row.documents) as DocumentJson[]) : row.documents;
  return {
    app: row.app,
    meeting: row.meeting,
    owner: row.owner,
    updater: row.updater,
    documents: docs.map((d) => ({ ...d, createdAt: new Date(d.createdAt) })),
  };
}

/** A joined row with its meeting's duplicates as the review's record. */
function toReviewRecord(row: ReviewRow): ReviewRecord {
  const sameMeeting = { samePassport: row.samePassport, sameBirthdate: row.sameBirthdate };
  return Object.assign(toRecord(row), { sameMeeting });
}

/** The admin list's query: the route's filters, and the ids of requests with warnings when asked. */
export type AdminListQuery = Omit<AdminListFilters, "warnings"> & {
  withIds?: string[];
  /** The application whose letter has the searched reference (see referencedApplication). */
  referencedId?: string | null;
};

/**
 * The application whose letter carries `term` as its reference, or null. Looked up before the
 * list's query: a reference names one application exactly, so when it is found the list is that
 * application (within the other filters) and nothing else is searched. A term that cannot be a
 * reference (a name, an e-mail) is not looked up; one typed in lower case, with spaces or without
 * its dashes is.
 */
export async function referencedApplication(db: Db, term: string): Promise<string | null> {
  const reference = normaliseLetterReference(term);
  if (!reference) return null;
  const [row] = await db
    .select({ id: letters.applicationId })
    .from(letters)
    .where(eq(letters.reference, reference))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The admin list's order. createdAt and then id break ties, so a row never shows on two pages
 * or on none. By status: the review order (Pending, Approved, Rejected), newest first within a
 * status, and all of it reversed for a descending sort. `status`, the status a row sorts by, is
 * its own unless told otherwise, and null leaves the status key out (see readAdminListIds).
 */
function orderKeys(
  query: Pick<AdminListQuery, "sortBy" | "sortDirection">,
  status: SQLWrapper | null = applications.status,
) {
  const [dir, back] = query.sortDirection === "desc" ? [desc, asc] : [asc, desc];
  if (query.sortBy === "status") {
    const withinStatus = [back(applications.createdAt), back(applications.id)];
    return status ? [dir(statusRank(status)), ...withinStatus] : withinStatus;
  }
  // Appointments soonest first, requests without one after them; descending, the exact reverse
  // (those without one first), which is the index on (meeting, appointment, ...) read backwards.
  if (query.sortBy === "visaAppointmentDate") {
    const nulls = query.sortDirection === "asc" ? sql`nulls last` : sql`nulls first`;
    return [
      sql`${applications.visaAppointmentDate} ${sql.raw(query.sortDirection)} ${nulls}`,
      dir(applications.createdAt),
      dir(applications.id),
    ];
  }
  return [dir(applications.createdAt), dir(applications.id)];
}

/** A term of plain ASCII: typed without accents, so it ignores the names' accents too. */
const PLAIN_TERM = /^[\x20-\x7E]*$/;

/** The words of a term the trigram index can look up: three or more letters or digits in a row. */
const INDEXED_WORD = /[\p{L}\p{N}]{3,}/gu;

/** How many of a term's words narrow the search through the index (the longest; see below). */
const INDEXED_WORDS = 3;

/** Letters or digits on both sides of a space or a mark ("na li", "x.y"). */
const WORD_BOUNDARY = /[\p{L}\p{N}][^\p{L}\p{N}]+[\p{L}\p{N}]/u;

/**
 * An admin search, with its values as named parameters: the full name ("first last") or the
 * e-mail contains the term, or the term is the passport number (normalised). A plain term ignores
 * case and accents ("muller" finds Müller, "sao" São); one typed with accents or in another script
 * ignores case only ("Ø" finds Ødegård, not every O). A letter's reference is found before this
 * (referencedApplication).
 *
 * The trigram index over search_text (schema.ts) narrows the rows by the term's longest words,
 * each anywhere in the text, and only the rows it finds are checked for the whole term. Looking
 * the whole term up instead would read the trigrams of its word boundaries too ("  s" and " s1"
 * for ".s1"), which most addresses share: a search by an e-mail's local part took 0.96 ms that
 * way and 0.44 ms this way. strpos, unlike LIKE, is no index condition, so PostgreSQL keeps the
 * whole term out of the index scan. A term without such a word but with two words ("Na Li", as
 * many Chinese and Korean names are written) is looked up whole: the index holds the boundaries
 * of its words ("na " and " li"), and 14 of 10,000 rows were read instead of all of them (0.7 ms
 * instead of 12.7). Any other term reads the meeting's rows.
 *
 * search_text is folded. fold_text leaves printable ASCII as its lower case, so a plain term is
 * folded here; other words are folded by the database once per statement (the subquery): a
 * prepared statement would otherwise call fold_text again for every row it checks.
 */
function matchesSearch(term: string): { condition: SQL; params: Record<string, string> } {
  const plain = PLAIN_TERM.test(term);
  const params: Record<string, string> = { passport: normalisePassportNumber(term) };
  const words = (term.match(INDEXED_WORD) ?? []).sort((a, b) => b.length - a.length).slice(0, INDEXED_WORDS);
  /** search_text like a pattern named `name`, folded here when the term is plain. */
  const like = (name: string, value: string) => {
    params[name] = plain ? value.toLowerCase() : value;
    const pattern = plain ? sql.placeholder(name) : sql`(select fold_text(${sql.placeholder(name)}))`;
    return sql`${applications.searchText} like ${pattern}`;
  };
  const narrowed = words.map((word, i) => like(`word${i}`, `%${word}%`));
  if (words.length === 0 && WORD_BOUNDARY.test(term)) narrowed.push(like("whole", containsPattern(term)));
  if (plain) params.term = term.toLowerCase();
  else params.pattern = containsPattern(term);
  const pattern = sql.placeholder("pattern");
  const whole = plain
    ? sql`strpos(${applications.searchText}, ${sql.placeholder("term")}) > 0`
    : or(
        ilike(sql`${applications.firstName} || ' ' || ${applications.lastName}`, pattern),
        ilike(applications.email, pattern),
      );
  const condition = or(
    and(...narrowed, whole),
    eq(applications.passportKey, sql.placeholder("passport")),
  ) as SQL;
  return { condition, params };
}

/** A LIKE pattern matching `term` literally anywhere: % and _ typed by the admin are not wildcards. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * The admin list's filters, each a condition on applications with its value as a named
 * parameter, and whether the trigger-kept counts can give the total (they hold meeting and
 * status only). A new filter is one entry here.
 */
function adminFilters(query: AdminListQuery) {
  const conditions: SQL[] = [];
  const params: Record<string, string | string[]> = {};
  const countConditions: SQL[] = [];
  if (query.meetingId) {
    conditions.push(eq(applications.meetingId, sql.placeholder("meetingId")));
    countConditions.push(eq(applicationCounts.meetingId, sql.placeholder("meetingId")));
    params.meetingId = query.meetingId;
  }
  if (query.status) {
    conditions.push(eq(applications.status, sql.placeholder("status")));
    countConditions.push(eq(applicationCounts.status, sql.placeholder("status")));
    params.status = query.status;
  }
  if (query.withIds) {
    // Only these (the requests with warnings): the counts cannot give their total.
    conditions.push(sql`${applications.id} = any(${sql.placeholder("withIds")}::uuid[])`);
    params.withIds = query.withIds;
  }
  const term = query.search.trim();
  if (term && query.referencedId) {
    // A letter's reference names one application: an exact match by id, not a search.
    conditions.push(eq(applications.id, sql.placeholder("referenced")));
    params.referenced = query.referencedId;
  } else if (term) {
    // The parameters' names tell the statement's shapes apart, each prepared once.
    const search = matchesSearch(term);
    conditions.push(search.condition);
    Object.assign(params, search.params);
  }
  return {
    where: and(...conditions),
    countWhere: and(...countConditions),
    countsServe: !term && !query.withIds,
    params,
  };
}

/**
 * A page size written into the statement's text. Drizzle sends a number as a parameter; it
 * accepts SQL at run time although its type says number. Checked here, so nothing but a small
 * integer is ever inlined: with a parameter PostgreSQL plans for a tenth of the table, finds its
 * generic plan dear and plans again on every execution.
 */
function literalLimit(limit: number): number {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE) {
    throw new RangeError(`page size out of range: ${limit}`);
  }
  return sql.raw(String(limit)) as unknown as number;
}

/**
 * The page's ids from the index alone (a deep page skips thousands of index entries, never
 * thousands of joined rows), each with the list's total: from the kept counts when they serve,
 * otherwise a window over every match, counted before LIMIT applies.
 */
function pageIds(db: Db, query: AdminListQuery, filters: ReturnType<typeof adminFilters>) {
  const total = filters.countsServe
    ? sql<number>`(select coalesce(sum(${applicationCounts.count}), 0) from ${applicationCounts}
        where ${filters.countWhere ?? sql`true`})`
    : sql<number>`count(*) over ()`;
  return db
    .select({ pageId: sql<string>`${applications.id}`.as("page_id"), total: total.as("total") })
    .from(applications)
    .where(filters.where)
    .orderBy(...orderKeys(query))
    .limit(literalLimit(query.limit))
    .offset(sql.placeholder("offset"))
    .as("page");
}

/** One admin-list page of full rows: the page's ids, then the joins for those rows only. */
function adminPageStatement(db: Db, query: AdminListQuery, filters: ReturnType<typeof adminFilters>) {
  const page = pageIds(db, query, filters);
  const rows = db
    .select({ ...reviewFields, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(applications, eq(applications.id, page.pageId))
    .$dynamic();
  return withRecordJoins(rows).orderBy(...orderKeys(query));
}

/**
 * What a summary row reads: the columns it shows, and what the warnings' rules read of the
 * application and of its meeting. No owner, updater or documents.
 */
const summaryFields = {
  app: {
    id: applications.id,
    firstName: applications.firstName,
    lastName: applications.lastName,
    email: applications.email,
    status: applications.status,
    statusReason: applications.statusReason,
    changesRequestedAt: applications.changesRequestedAt,
    withdrawnAt: applications.withdrawnAt,
    visaAppointmentDate: applications.visaAppointmentDate,
    createdAt: applications.createdAt,
    updatedAt: applications.updatedAt,
    birthdate: applications.birthdate,
    passportKey: applications.passportKey,
    passportExpirationDate: applications.passportExpirationDate,
    dateOfArrival: applications.dateOfArrival,
    dateOfDeparture: applications.dateOfDeparture,
  },
  meeting: {
    startDate: meetings.startDate,
    endDate: meetings.endDate,
    passportValidityMonths: meetings.passportValidityMonths,
    datesToleranceDays: meetings.datesToleranceDays,
  },
  ...sameMeetingFields,
};

/** One admin-list page of summary rows: the same ids, joined to their meeting only. */
function summaryPageStatement(db: Db, query: AdminListQuery, filters: ReturnType<typeof adminFilters>) {
  const page = pageIds(db, query, filters);
  return db
    .select({ ...summaryFields, total: sql<number>`${page.total}`.mapWith(Number) })
    .from(page)
    .innerJoin(applications, eq(applications.id, page.pageId))
    .innerJoin(meetings, eq(meetings.id, applications.meetingId))
    .orderBy(...orderKeys(query));
}

/** Application reads prepared once per database (named: a PostgreSQL server plans each once per connection). */
export function prepareApplicationReads(db: Db) {
  const byStatus = { status: applicationCounts.status, count: sum(applicationCounts.count).mapWith(Number) };
  return {
    byId: selectRecords(db)
      .where(eq(applications.id, sql.placeholder("id")))
      .prepare("application_by_id"),
    forReview: selectReviews(db)
      .where(eq(applications.id, sql.placeholder("id")))
      .prepare("application_for_review"),
    ofUser: selectRecords(db)
      .where(eq(applications.userId, sql.placeholder("userId")))
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .prepare("applications_of_user"),
    countsOfMeeting: db
      .select(byStatus)
      .from(applicationCounts)
      .where(eq(applicationCounts.meetingId, sql.placeholder("meetingId")))
      .groupBy(applicationCounts.status)
      .prepare("application_counts_of_meeting"),
    countsAll: db
      .select(byStatus)
      .from(applicationCounts)
      .groupBy(applicationCounts.status)
      .prepare("application_counts_all"),
    /** Admin pages by shape (see readPage), made on first use: full rows and summaries. */
    adminPages: new Map<string, ReturnType<ReturnType<typeof adminPageStatement>["prepare"]>>(),
    summaryPages: new Map<string, ReturnType<ReturnType<typeof summaryPageStatement>["prepare"]>>(),
  };
}
export type ApplicationReads = ReturnType<typeof prepareApplicationReads>;

/** One application with everything its presenter needs, or null. */
export async function readApplication(
  reads: ApplicationReads,
  id: string,
): Promise<ApplicationRecord | null> {
  const [row] = await reads.byId.execute({ id });
  return row ? toRecord(row) : null;
}

/** One application as an admin reviews it (with what its warnings need), or null. */
export async function readApplicationForReview(
  reads: ApplicationReads,
  id: string,
): Promise<ReviewRecord | null> {
  const [row] = await reads.forReview.execute({ id });
  return row ? toReviewRecord(row) : null;
}

/** A user's own applications, newest first. */
export async function readApplicationsOfUser(
  reads: ApplicationReads,
  userId: string,
): Promise<ApplicationRecord[]> {
  return (await reads.ofUser.execute({ userId })).map(toRecord);
}

/** Applications per status from the counts the triggers keep (migration 0005), of one meeting or all. */
export async function readCounts(
  reads: ApplicationReads,
  meetingId?: string,
): Promise<Record<ApplicationStatus, number>> {
  const rows = meetingId
    ? await reads.countsOfMeeting.execute({ meetingId })
    : await reads.countsAll.execute();
  const of = (status: string) => rows.find((r) => r.status === status)?.count ?? 0;
  return { Pending: of("Pending"), Approved: of("Approved"), Rejected: of("Rejected") };
}

/** A statement of one admin-list page, as built or as prepared. */
interface PageStatement<Row> {
  execute(params: Record<string, unknown>): Promise<Row[]>;
}

/**
 * One page of the admin list and the number of applications it lists, filtered and sorted in
 * the database. Each shape (the same order, page size, filters and number of searched words) is
 * a prepared statement, made on its first use and kept in `prepared` by its shape.
 */
async function readPage<Row extends { total: number }, P extends PageStatement<Row>>(
  db: Db,
  query: AdminListQuery,
  statement: (filters: ReturnType<typeof adminFilters>) => PageStatement<Row> & { prepare(name: string): P },
  prepared: Map<string, P>,
  name: string,
): Promise<{ rows: Row[]; total: number }> {
  const filters = adminFilters(query);
  const offset = (query.page - 1) * query.limit;
  const params = { ...filters.params, offset };
  const shape = [query.sortBy, query.sortDirection, query.limit, ...Object.keys(filters.params)].join("_");
  let run: PageStatement<Row> | undefined = prepared.get(shape);
  if (!run) {
    // Numbered, not named by the shape: PostgreSQL keeps 63 characters of a statement's name, and
    // two long shapes alike in those would be one statement to it ("already exists").
    const made = statement(filters).prepare(`${name}_${prepared.size + 1}`);
    prepared.set(shape, made);
    run = made;
  }
  const rows = await run.execute(params);
  // Past the last row the page has no row to carry the total: counted again, unless it is the
  // first page (a search that finds nothing), which has nothing before it either.
  const total =
    rows[0]?.total ??
    (offset === 0
      ? 0
      : (await db.select({ n: count() }).from(applications).where(filters.where).execute(filters.params))[0]
          ?.n) ??
    0;
  return { rows, total };
}

/** One page of the admin list, each row with all an application has and what its warnings need. */
export async function readAdminList(
  db: Db,
  reads: ApplicationReads,
  query: AdminListQuery,
): Promise<{ records: ReviewRecord[]; total: number }> {
  const { rows, total } = await readPage(
    db,
    query,
    (filters) => adminPageStatement(db, query, filters),
    reads.adminPages,
    "admin_page",
  );
  return { records: rows.map(toReviewRecord), total };
}

/** A summary row as it is read: the columns it shows, and what its warnings need. */
export type SummaryRecord = Reviewed & { app: SummaryRow };

/** One page of the admin list as summary rows. */
export async function readAdminSummaries(
  db: Db,
  reads: ApplicationReads,
  query: AdminListQuery,
): Promise<{ records: SummaryRecord[]; total: number }> {
  const { rows, total } = await readPage(
    db,
    query,
    (filters) => summaryPageStatement(db, query, filters),
    reads.summaryPages,
    "admin_summary",
  );
  return {
    records: rows.map(({ app, meeting, samePassport, sameBirthdate }) => ({
      app,
      meeting,
      sameMeeting: { samePassport, sameBirthdate },
    })),
    total,
  };
}

/**
 * Every id of the admin list as filtered and sorted (the detail page's previous and next), each
 * with whether it is listed: `around`, one application, is read too wherever the order puts it,
 * listed or not, so the list's requests on either side of it are known after it left the list.
 *
 * A sort by status would put a request decided since the admin saw it where its new status sorts
 * (after every Pending one, say), not where it stood. In a list filtered to one status, the status
 * key is the same for every listed row and orders nothing among them: it is left out, and the
 * remaining keys (date, id) put the request where it stood. In any other list, `seenStatus` (the
 * status the admin saw it with) is the one it sorts by, when given.
 */
export async function readAdminListIds(
  db: Db,
  query: AdminListQuery,
  around: string,
  seenStatus?: ApplicationStatus,
): Promise<{ id: string; listed: boolean }[]> {
  const filters = adminFilters(query);
  const listed = filters.where ?? sql`true`;
  const aroundId = sql.placeholder("around");
  const sortedBy = query.status
    ? null
    : seenStatus
      ? sql`(case when ${applications.id} = ${aroundId} then ${sql.placeholder("seenStatus")}::text else ${applications.status} end)`
      : applications.status;
  return db
    .select({ id: applications.id, listed: sql<boolean>`coalesce(${listed}, false)` })
    .from(applications)
    .where(or(listed, eq(applications.id, aroundId)))
    .orderBy(...orderKeys(query, sortedBy))
    .execute({ ...filters.params, around, ...(seenStatus ? { seenStatus } : {}) });
}
