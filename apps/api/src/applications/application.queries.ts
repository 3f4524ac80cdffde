import { asc, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.js";
import { applications, documents, meetings, users } from "../db/schema.js";
import type { ApplicationRecord, DocumentMeta } from "./application.presenter.js";

const updaters = alias(users, "last_updated_by");

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

/**
 * The statements the busiest screens run, prepared once per database (named, so a PostgreSQL
 * server parses and plans each once per connection): one application, and a user's own list.
 */
function prepareLoads(db: Db) {
  return {
    byId: selectRecords(db)
      .where(eq(applications.id, sql.placeholder("id")))
      .prepare("application_by_id"),
    ofUser: selectRecords(db)
      .where(eq(applications.userId, sql.placeholder("userId")))
      .orderBy(desc(applications.createdAt), desc(applications.id))
      .prepare("applications_of_user"),
    byIds: {
      // One per admin-list order: the page's ids come first (see application-list.service.ts).
      ...Object.fromEntries(
        (["asc", "desc"] as const).flatMap((d) => {
          const dir = d === "asc" ? asc : desc;
          const inIds = sql`${applications.id} = any(${sql.placeholder("ids")}::uuid[])`;
          return [
            [
              `status-${d}`,
              selectRecords(db)
                .where(inIds)
                .orderBy(dir(applications.status), dir(applications.createdAt), dir(applications.id))
                .prepare(`applications_by_ids_status_${d}`),
            ],
            [
              `createdAt-${d}`,
              selectRecords(db)
                .where(inIds)
                .orderBy(dir(applications.createdAt), dir(applications.id))
                .prepare(`applications_by_ids_created_${d}`),
            ],
          ];
        }),
      ),
    },
  };
}

const prepared = new WeakMap<Db, ReturnType<typeof prepareLoads>>();
function loadsOf(db: Db) {
  let loads = prepared.get(db);
  if (!loads) {
    loads = prepareLoads(db);
    prepared.set(db, loads);
  }
  return loads;
}

/** One application with everything its presenter needs, or null. */
export async function loadApplication(db: Db, id: string): Promise<ApplicationRecord | null> {
  const [row] = await loadsOf(db).byId.execute({ id });
  return row ? toRecord(row) : null;
}

/** A user's own applications, newest first. */
export async function loadApplicationsOfUser(db: Db, userId: string): Promise<ApplicationRecord[]> {
  const rows = await loadsOf(db).ofUser.execute({ userId });
  return rows.map(toRecord);
}

/** The given applications in an admin-list order ("status-asc", "createdAt-desc", …). */
export async function loadApplicationsByIds(
  db: Db,
  ids: string[],
  order: `${"status" | "createdAt"}-${"asc" | "desc"}`,
): Promise<ApplicationRecord[]> {
  if (ids.length === 0) return [];
  const query = loadsOf(db).byIds[order];
  if (!query) throw new Error(`no prepared order ${order}`);
  const rows = await query.execute({ ids });
  return rows.map(toRecord);
}
