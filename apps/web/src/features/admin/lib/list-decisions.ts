import type { ApplicationStatus, ApplicationSummaryDto, BulkAction, BulkResultDto } from "@visa/domain";

/** The statuses shown for these ids, for the server to check nobody changed them since. */
export function seenOf(ids: string[], shown: ReadonlyMap<string, string>): Record<string, string> {
  const seen: Record<string, string> = {};
  for (const id of ids) {
    const status = shown.get(id);
    if (status) seen[id] = status;
  }
  return seen;
}

/**
 * A rejection of these applications, named by the one's name when it is on this page; `row`: the
 * page's row it was asked from (null: the selection).
 */
export function rejectionOf(ids: string[], rows: ApplicationSummaryDto[], row: number | null = null) {
  const one = ids.length === 1 ? rows.find((r) => r._id === ids[0]) : undefined;
  return { ids, row, subject: one ? `${one.firstName} ${one.lastName}` : `${ids.length} applications` };
}

/** The status an approval or a rejection gives; a resend changes none. */
const DECIDED: Partial<Record<BulkAction, ApplicationStatus>> = { approve: "Approved", reject: "Rejected" };

/**
 * How many of a selection's decided requests left the list filtered by `status`, said after the
 * answer: the admin stays on the same page (or the last one, when that page has gone), which now
 * holds requests from later pages, while earlier pages may hold some they have not seen. Empty
 * when none left (no status filter, a resend, nothing changed).
 */
export function leftTheList(result: BulkResultDto, status: ApplicationStatus | null): string {
  const now = DECIDED[result.action];
  if (!status || !now || now === status || result.changed === 0) return "";
  const n = result.changed;
  return `${n} ${n === 1 ? "request" : "requests"} left the ${status} list; those after them moved up the pages`;
}
