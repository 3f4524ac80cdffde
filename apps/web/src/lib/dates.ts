/** A timestamp's calendar day in US Eastern time, "01/31/2026" (tables have no room for the time). */
export function formatDateEastern(value: string | null | undefined): string {
  if (!value) return "";
  const t = new Date(value);
  if (Number.isNaN(t.getTime())) return "";
  return t.toLocaleDateString("en-US", {
    timeZone: "America/New_York",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
}
