import { IMPORT_COLUMNS } from "@visa/domain";
import { stringify } from "csv-stringify/sync";
import { asc, eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { applications, meetings } from "../db/schema.js";
import { notFound } from "../lib/errors.js";
import { neutraliseCell, QUOTE_LINE_BREAKS } from "./csv-cells.js";
import { lastChangedOf } from "./import-staleness.js";

type ApplicationRow = typeof applications.$inferSelect;

// Admins see timestamps in US Eastern time, so the application date is the Eastern calendar day.
const easternDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/New_York",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** "IETF 123 — Madrid" -> "ietf-123-madrid": a file name any system accepts. */
export function slugify(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return slug || "meeting";
}

function exportRecord(app: ApplicationRow, meetingName: string, lastChanged: string): Record<string, string> {
  const special: Record<string, string> = {
    meetingName,
    // The import knows by it a row whose application was deleted since, and does not add it back.
    applicationId: app.id,
    // The import compares it with the application's, so a stale row cannot undo a newer change.
    lastChanged,
    applicationDate: easternDay.format(app.createdAt),
    // A date whose flag is off was withdrawn: exporting it would switch the flag back on at re-import.
    letterMailedDate: app.letterEmailed ? (app.letterEmailedDate ?? "") : "",
    hardCopyMailedDate: app.hardCopyMailed ? (app.hardCopyMailedDate ?? "") : "",
  };
  const record: Record<string, string> = {};
  for (const column of IMPORT_COLUMNS) {
    const value = column in special ? special[column] : app[column as keyof ApplicationRow];
    record[column] = neutraliseCell(String(value ?? ""));
  }
  return record;
}

/** A meeting's applications as CSV in the import's own columns, so the file re-imports cleanly. */
export async function exportApplications(
  ctx: AppContext,
  meetingId: string,
): Promise<{ filename: string; csv: string }> {
  const [meeting] = await ctx.db.select().from(meetings).where(eq(meetings.id, meetingId));
  if (!meeting) throw notFound("Meeting not found");
  const rows = await ctx.db
    .select({ app: applications, lastChanged: lastChangedOf })
    .from(applications)
    .where(eq(applications.meetingId, meetingId))
    .orderBy(asc(applications.createdAt), asc(applications.id));
  const csv = stringify(
    rows.map((r) => exportRecord(r.app, meeting.name, r.lastChanged)),
    {
      header: true,
      columns: [...IMPORT_COLUMNS],
      bom: true,
      record_delimiter: "windows",
      quoted_match: QUOTE_LINE_BREAKS,
    },
  );
  return { filename: `applications-${slugify(meeting.name)}.csv`, csv };
}
