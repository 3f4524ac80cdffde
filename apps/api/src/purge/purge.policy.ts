/**
 * Which meetings' applications may be purged. Days are "YYYY-MM-DD" calendar days in UTC, like
 * every meeting day, so no server time zone moves the boundary.
 */

const DAY_MS = 86_400_000;

/**
 * The first day a purge spares: meetings that ended before it ended more than `purgeAfterDays`
 * days before `today`. With 180 days on 2026-07-01 it is 2026-01-02; a meeting that ended on
 * 2026-01-01 (181 days ago) may be purged, one that ended on 2026-01-02 (180 days ago) not yet.
 */
export function purgeCutoff(today: string, purgeAfterDays: number): string {
  const [y, m, d] = today.split("-").map(Number);
  const cutoff = new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1) - purgeAfterDays * DAY_MS);
  return cutoff.toISOString().slice(0, 10);
}

/** Whether a meeting that ended on `endDate` is old enough to be purged. */
export function isPurgeEligible(endDate: string, cutoff: string): boolean {
  return endDate < cutoff;
}
