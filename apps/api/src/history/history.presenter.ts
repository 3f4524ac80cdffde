import type { HistoryEntryDto } from "@visa/domain";
import type { applicationHistory } from "../db/schema.js";

type HistoryRow = typeof applicationHistory.$inferSelect;

/** The only shape of a history entry that leaves the server; applicants see who by name only. */
export function historyEntryPresenter(
  row: HistoryRow,
  by: { firstName: string; lastName: string; email: string } | null,
  viewer: { isAdmin: boolean },
  unseen = false,
): HistoryEntryDto {
  const entry: HistoryEntryDto = {
    _id: row.id,
    kind: row.kind,
    at: row.createdAt.toISOString(),
    by: by
      ? { firstName: by.firstName, lastName: by.lastName, ...(viewer.isAdmin ? { email: by.email } : {}) }
      : null,
  };
  if (row.fromStatus) entry.fromStatus = row.fromStatus;
  if (row.toStatus) entry.toStatus = row.toStatus;
  if (row.reason) entry.reason = row.reason;
  if (row.text) entry.text = row.text;
  if (row.changes && viewer.isAdmin) entry.changes = row.changes;
  if (unseen && !viewer.isAdmin) entry.unseen = true;
  return entry;
}
