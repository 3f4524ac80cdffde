import { IMPORT_COLUMNS } from "@visa/domain";
import { and, gte, isNotNull, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { DbOrTx } from "../db/client.js";
import { applicationHistory, applications } from "../db/schema.js";
import type { RowMatch } from "./import-match.js";
import type { ImportedRow } from "./import-row.js";

/** A timestamp as the export's `lastChanged` writes it: UTC, to the microsecond, fixed width. */
export const asLastChanged = (column: AnyPgColumn): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** An application's `lastChanged` cell: when it last changed in the portal. */
export const lastChangedOf = asLastChanged(applications.updatedAt);

// What the export writes. A spreadsheet keeps it as text: the "T" and "Z" make it no date to one.
const LAST_CHANGED = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?Z$/;

export const LAST_CHANGED_UNREADABLE =
  "is not a time as the export writes it (such as 2030-03-02T10:15:30.123456Z): export the meeting again and make your changes in the new file";

/** A `lastChanged` cell in the one form the export writes (six decimals), or null when unreadable. */
export function readLastChanged(value: string): string | null {
  const parts = LAST_CHANGED.exec(value);
  if (!parts) return null;
  const seconds = `${parts[1]}T${parts[2]}`;
  const parsed = Date.parse(`${seconds}Z`);
  // A day or time that does not exist (2030-02-30) does not read back the same.
  if (Number.isNaN(parsed) || new Date(parsed).toISOString().slice(0, 19) !== seconds) return null;
  return `${seconds}.${(parts[3] ?? "").padEnd(6, "0")}Z`;
}

// The history names fields by the application's keys; the file, by its columns.
const COLUMN_OF: Record<string, string> = {
  passportKey: "passportNumber",
  letterEmailed: "letterMailedDate",
  letterEmailedDate: "letterMailedDate",
  hardCopyMailed: "hardCopyMailedDate",
};

const position = (column: string) => (IMPORT_COLUMNS as readonly string[]).indexOf(column);

/** The file's column names for application keys, each once, in the file's order. */
export const columnsOf = (keys: Iterable<string>): string[] =>
  [...new Set([...keys].map((k) => COLUMN_OF[k] ?? k))].sort((a, b) => position(a) - position(b));

/** Why a row from an older export fails instead of overwriting what the portal changed since. */
export function staleRowReason(fields: Iterable<string>): string {
  return `${columnsOf(fields).join(", ")}: changed in the portal after this file was exported, and the file's value differs. Nothing of this row was imported, so the portal's newer value stays: export the meeting again and make your changes in the new file`;
}

const isAny = (column: AnyPgColumn, values: string[]): SQL =>
  sql`${column} = any(${sql.param(values)}::uuid[])`;

/**
 * For each row of an export whose application has changed since that export (its `lastChanged`
 * is no longer the application's): the fields the portal changed after it, as the application's
 * history names them; empty when only its status, notes or documents changed. Rows without
 * `lastChanged`, rows that create an application and rows whose application is as exported are
 * absent. Run inside the import's transaction, after the applications are locked.
 */
export async function portalChangesSinceExport(
  tx: DbOrTx,
  matches: RowMatch[],
): Promise<Map<ImportedRow, Set<string>>> {
  const exported = matches.filter((m) => m.how !== "new" && m.row.lastChanged);
  const changedSince = new Map<ImportedRow, Set<string>>();
  if (exported.length === 0) return changedSince;
  const versions = await tx
    .select({ id: applications.id, lastChanged: lastChangedOf })
    .from(applications)
    .where(isAny(applications.id, [...new Set(exported.map((m) => m.id))]));
  const current = new Map(versions.map((v) => [v.id, v.lastChanged]));
  // An application created by an earlier row of this file has no stored version: it is as new.
  const stale = exported.filter((m) => current.has(m.id) && current.get(m.id) !== m.row.lastChanged);
  if (stale.length === 0) return changedSince;

  // Canonical times sort as text: the first is the earliest.
  const earliest = stale.map((m) => m.row.lastChanged ?? "").sort()[0] ?? "";
  const entries = await tx
    .select({
      id: applicationHistory.applicationId,
      at: asLastChanged(applicationHistory.createdAt),
      changes: applicationHistory.changes,
    })
    .from(applicationHistory)
    .where(
      and(
        isAny(applicationHistory.applicationId, [...new Set(stale.map((m) => m.id))]),
        gte(applicationHistory.createdAt, new Date(earliest)),
        isNotNull(applicationHistory.changes),
      ),
    );
  const entriesOf = new Map<string, typeof entries>();
  for (const e of entries) {
    const list = entriesOf.get(e.id);
    if (list) list.push(e);
    else entriesOf.set(e.id, [e]);
  }
  for (const m of stale) {
    const since = m.row.lastChanged ?? "";
    const fields = new Set<string>();
    // Both times are written alike, so they compare as text, to the microsecond.
    for (const e of entriesOf.get(m.id) ?? []) {
      if (e.at >= since) for (const c of e.changes ?? []) fields.add(c.field);
    }
    changedSince.set(m.row, fields);
  }
  return changedSince;
}
