import type { ApplicationSummaryDto } from "@visa/domain";

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
