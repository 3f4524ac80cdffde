import { asc, eq, inArray, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client.js";
import { applications, documents, meetings, users } from "../db/schema.js";
import type { ApplicationRecord, DocumentMeta } from "./application.presenter.js";

const updaters = alias(users, "last_updated_by");

/** The documents (without bytes) of the given applications, in one query, grouped by application. */
export async function documentsOf(
  db: DbOrTx,
  applicationIds: string[],
): Promise<Map<string, DocumentMeta[]>> {
  const byApp = new Map<string, DocumentMeta[]>();
  if (applicationIds.length === 0) return byApp;
  const rows = await db
    .select({
      id: documents.id,
      applicationId: documents.applicationId,
      filename: documents.filename,
      contentType: documents.contentType,
      size: documents.size,
      createdAt: documents.createdAt,
    })
    .from(documents)
    .where(inArray(documents.applicationId, applicationIds))
    .orderBy(asc(documents.createdAt), asc(documents.id));
  for (const row of rows) {
    const list = byApp.get(row.applicationId) ?? [];
    list.push(row);
    byApp.set(row.applicationId, list);
  }
  return byApp;
}

/**
 * Applications with their meeting, last editor and documents: one joined query for the rows and
 * one for the documents, however many rows (no query per application).
 */
export async function loadApplications(
  db: DbOrTx,
  opts: { where?: SQL; orderBy: SQL[]; limit?: number; offset?: number },
): Promise<ApplicationRecord[]> {
  const query = db
    .select({
      app: applications,
      meeting: meetings,
      updater: { firstName: updaters.firstName, lastName: updaters.lastName, email: updaters.email },
    })
    .from(applications)
    .innerJoin(meetings, eq(meetings.id, applications.meetingId))
    .leftJoin(updaters, eq(updaters.id, applications.lastUpdatedById))
    .where(opts.where)
    .orderBy(...opts.orderBy)
    .$dynamic();
  if (opts.limit !== undefined) query.limit(opts.limit);
  if (opts.offset !== undefined) query.offset(opts.offset);
  const rows = await query;
  const docs = await documentsOf(
    db,
    rows.map((r) => r.app.id),
  );
  return rows.map((r) => ({ ...r, documents: docs.get(r.app.id) ?? [] }));
}

/** One application with everything its presenter needs, or null. */
export async function loadApplication(db: DbOrTx, id: string): Promise<ApplicationRecord | null> {
  const [record] = await loadApplications(db, { where: eq(applications.id, id), orderBy: [] });
  return record ?? null;
}
