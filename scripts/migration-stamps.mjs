// Drizzle applies to an existing database only migrations stamped (`when` in the journal) later
// than the last one it applied. drizzle-kit stamps a new migration with the time it runs, and the
// journal's stamps run ahead of the calendar (a day apart since 0029), so a fresh one may be
// earlier than the one before: every test would pass and every upgrade would skip it.

export const DAY_MS = 86_400_000;

/**
 * The journal's entries with each one that is not later than the one before stamped a day after
 * it, and the tags of those restamped, in order.
 * @param {{ tag: string, when: number }[]} entries
 */
export function restamp(entries) {
  const restamped = [];
  const fixed = [];
  for (const entry of entries) {
    const before = fixed.at(-1);
    if (before && entry.when <= before.when) {
      fixed.push({ ...entry, when: before.when + DAY_MS });
      restamped.push(entry.tag);
    } else fixed.push(entry);
  }
  return { entries: fixed, restamped };
}
