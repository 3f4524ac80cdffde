import { and, asc, isNotNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client.js";
import {
  applications,
  deletedApplications,
  deletedApplicationsRecordedSince,
  meetings,
  users,
} from "../db/schema.js";
import type { StoredKey } from "./import-match.js";
import type { ImportedValues } from "./import-plan.js";
import { IMPORTED_KEYS } from "./import-row.js";
import { asLastChanged } from "./import-staleness.js";

// Lists travel as one array parameter: any length, one placeholder, nothing to build per item.
const isAny = (column: AnyPgColumn, values: string[], type: "uuid" | "text"): SQL =>
  sql`${column} = any(${sql.param(values)}::${sql.raw(type)}[])`;

const importedColumns = Object.fromEntries(IMPORTED_KEYS.map((k) => [k, applications[k]])) as {
  [K in (typeof IMPORTED_KEYS)[number]]: (typeof applications)[K];
};

/**
 * Takes each meeting's import lock for the rest of the transaction: two imports into one meeting
 * at once would both miss each other's new rows and duplicate them.
 */
export async function lockMeetings(tx: DbOrTx, meetingIds: string[]): Promise<void> {
  for (const id of [...meetingIds].sort())
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${id}))`);
}

/**
 * The matching keys of every application of the meetings, oldest first, locked until the
 * transaction ends so that no edit slips between this read and the import's writes.
 */
export function storedKeys(tx: DbOrTx, meetingIds: string[]): Promise<StoredKey[]> {
  if (meetingIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      id: applications.id,
      meetingId: applications.meetingId,
      passportKey: applications.passportKey,
      email: applications.email,
    })
    .from(applications)
    .where(isAny(applications.meetingId, meetingIds, "uuid"))
    .orderBy(asc(applications.createdAt), asc(applications.id))
    .for("update");
}

/** The imported columns of the given applications, by id. */
export async function storedValues(tx: DbOrTx, ids: string[]): Promise<Map<string, ImportedValues>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: applications.id, ...importedColumns })
    .from(applications)
    .where(isAny(applications.id, ids, "uuid"));
  return new Map(rows.map((row) => [row.id, row as ImportedValues]));
}

/** Which of the given ids the table holds. */
async function idsIn(
  tx: DbOrTx,
  table: typeof applications | typeof deletedApplications,
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: table.id })
    .from(table)
    .where(isAny(table.id, ids, "uuid"));
  return new Set(rows.map((row) => row.id));
}

/** Which of the given ids are of applications that exist (in any meeting). */
export const existingApplicationIds = (tx: DbOrTx, ids: string[]) => idsIn(tx, applications, ids);

/** Which of the given ids are recorded as of deleted applications. */
export const deletedApplicationIds = (tx: DbOrTx, ids: string[]) => idsIn(tx, deletedApplications, ids);

/**
 * When deletions began to be recorded (migration 0037), written as the export writes
 * `lastChanged`. Without its row nothing tells since when, so every deletion counts as unrecorded.
 */
export async function deletionsRecordedSince(tx: DbOrTx): Promise<string> {
  const [row] = await tx
    .select({ since: asLastChanged(deletedApplicationsRecordedSince.since) })
    .from(deletedApplicationsRecordedSince);
  return row?.since ?? "9999-12-31T23:59:59.999999Z";
}

/** When each of the meetings was created, written as the export writes `lastChanged`. */
export async function meetingsCreatedAt(tx: DbOrTx, meetingIds: string[]): Promise<Map<string, string>> {
  if (meetingIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: meetings.id, createdAt: asLastChanged(meetings.createdAt) })
    .from(meetings)
    .where(isAny(meetings.id, meetingIds, "uuid"));
  return new Map(rows.map((row) => [row.id, row.createdAt]));
}

/** Account ids by (lower-case) e-mail, for the given addresses, of accounts that proved them. */
export async function ownersByEmail(tx: DbOrTx, emails: string[]): Promise<Map<string, string>> {
  if (emails.length === 0) return new Map();
  const owners = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(isAny(users.email, emails, "text"), isNotNull(users.emailVerifiedAt)));
  return new Map(owners.map((o) => [o.email.toLowerCase(), o.id]));
}
