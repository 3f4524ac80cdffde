import { type MeetingDto, toDay, todayUtc } from "@visa/domain";

/** Meetings by start day, earliest first; ties keep name order so tabs never jump. */
export function sortByStartDate<T extends Pick<MeetingDto, "startDate" | "name">>(meetings: T[]): T[] {
  return [...meetings].sort((a, b) => {
    const da = toDay(a.startDate) ?? "";
    const db = toDay(b.startDate) ?? "";
    return da === db ? a.name.localeCompare(b.name) : da < db ? -1 : 1;
  });
}

/**
 * The meeting the admin list opens on (spec §4): the earliest active meeting that has not started
 * yet (one starting today still counts as upcoming), else the active meeting that started most
 * recently, else the first meeting by start date. Null when there are no meetings.
 */
export function chooseInitialMeeting<T extends MeetingDto>(meetings: T[], now: Date = new Date()): T | null {
  const sorted = sortByStartDate(meetings);
  const today = todayUtc(now);
  const active = sorted.filter((m) => m.isActive);
  const upcoming = active.find((m) => (toDay(m.startDate) ?? "") >= today);
  if (upcoming) return upcoming;
  const lastStarted = active.at(-1);
  if (lastStarted) return lastStarted;
  return sorted[0] ?? null;
}
