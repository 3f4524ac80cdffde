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
  /** The rows' applicationIds recorded as deleted here (`deleted_applications`). */
  deleted: ReadonlySet<string>;
  /** When deletions began to be recorded, as `lastChanged` is written: earlier ones left no record. */
  recordedSince: string;
  /** When each meeting of the file was created, as `lastChanged` is written. */
  meetingCreatedAt: ReadonlyMap<string, string>;
}

/**
 * Whether the row was exported from an application of this portal that is gone: it carries the
 * export's applicationId and lastChanged, no application has that id (ids are random, never
 * reused), and the id is recorded as deleted. A row changed before deletions were recorded, whose
 * meeting existed at lastChanged, is taken for a deleted one too: such a deletion left no record.
 * An unknown id never deleted here (a request made after the backup this database was restored
 * from, or in a copy of it) is no such row, nor is a row of another installation's export.
 */
function ofDeletedApplication(row: ImportedRow, live: LiveApplications): boolean {
  const { applicationId, lastChanged } = row;
  if (!applicationId || !lastChanged || live.existing.has(applicationId)) return false;
  if (live.deleted.has(applicationId)) return true;
  const created = live.meetingCreatedAt.get(row.meetingId);
  // All are written alike, so they compare as text, to the microsecond.
  return lastChanged < live.recordedSince && created !== undefined && created <= lastChanged;
}

/**
 * The id a row that creates a request gives it: its own applicationId when that names no
 * application and was never deleted here (the request is brought back as it was exported, so its
 * letters' history still joins), once per file; otherwise the new one matching chose.
 */
function keptIds(matches: RowMatch[], live: LiveApplications): Map<string, string> {
  const kept = new Map<string, string>();
  const taken = new Set<string>();
  for (const { row, id, how } of matches) {
    const { applicationId } = row;
    if (how !== "new" || !applicationId || taken.has(applicationId)) continue;
    if (live.existing.has(applicationId) || live.deleted.has(applicationId)) continue;
    kept.set(id, applicationId);
    taken.add(applicationId);
  }
  return kept;
}

/**
 * Matches the rows as `matchRows` does, except that a row of an application deleted since the
 * export (`ofDeletedApplication`) that matches none of its meeting fails rather than create the
 * deleted request again. It takes no part in the matching, so a later row that would have matched
 * the application it created is matched as if it were absent. A row that matches a stored
 * application still updates it, a row without applicationId (a new person typed into the sheet)
 * still creates one, and a row whose applicationId this portal never had creates the request
 * under that id (`keptIds`).
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
      const kept = keptIds(result.matches, live);
      const matches = result.matches.map((m) => ({ ...m, id: kept.get(m.id) ?? m.id }));
      return { matches, errors: [...result.errors, ...errors] };
    }
    for (const m of gone) deleted.add(m.row);
  }
}
