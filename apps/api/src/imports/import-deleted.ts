import type { ImportResultDto } from "@visa/domain";
import { matchRows, type RowMatch, type StoredKey } from "./import-match.js";
import type { ImportedRow } from "./import-row.js";

export const APPLICATION_ID_UNREADABLE =
  "is not an application's id as the export writes it: leave the column as exported, or empty the cell for a new request";

/** Why a row of an export whose application is gone fails instead of adding it again. */
export const DELETED_SINCE_EXPORT =
  "applicationId: this request was deleted in the portal after this file was exported (by an admin, or purged with its meeting's old applications). Nothing of this row was imported: to add it again as a new request, empty its applicationId cell";

/** What tells a row of this portal's export whose application is gone. */
export interface LiveApplications {
  /** The rows' applicationIds that name an application of the portal. */
  existing: ReadonlySet<string>;
  /** When each meeting of the file was created, as `lastChanged` is written. */
  meetingCreatedAt: ReadonlyMap<string, string>;
}

/**
 * Whether the row was exported from an application of its meeting in this portal that is gone: it
 * carries the export's applicationId and lastChanged, no application has that id (ids are random,
 * never reused), and the meeting existed at lastChanged. A file of another installation, whose
 * meeting was made after the file's export, is not such a file.
 */
function ofDeletedApplication(row: ImportedRow, live: LiveApplications): boolean {
  const { applicationId, lastChanged } = row;
  if (!applicationId || !lastChanged || live.existing.has(applicationId)) return false;
  const created = live.meetingCreatedAt.get(row.meetingId);
  // Both are written alike, so they compare as text, to the microsecond.
  return created !== undefined && created <= lastChanged;
}

/**
 * Matches the rows as `matchRows` does, except that a row of an application deleted since the
 * export (`ofDeletedApplication`) that matches none of its meeting fails rather than create the
 * deleted request again. It takes no part in the matching, so a later row that would have matched
 * the application it created is matched as if it were absent. A row that matches a stored
 * application still updates it, and a row without applicationId (a new person typed into the
 * sheet) still creates one.
 */
export function matchRowsOfLiveApplications(
  stored: StoredKey[],
  rows: ImportedRow[],
  live: LiveApplications,
): { matches: RowMatch[]; errors: ImportResultDto["errors"] } {
  const deleted = new Set<ImportedRow>();
  // Each pass leaves out at least one more row, so it ends.
  for (;;) {
    const result = matchRows(
      stored,
      rows.filter((r) => !deleted.has(r)),
    );
    const gone = result.matches.filter((m) => m.how === "new" && ofDeletedApplication(m.row, live));
    if (gone.length === 0) {
      const errors = [...deleted].map((row) => ({ name: row.name, error: DELETED_SINCE_EXPORT }));
      return { matches: result.matches, errors: [...result.errors, ...errors] };
    }
    for (const m of gone) deleted.add(m.row);
  }
}
