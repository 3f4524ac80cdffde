import {
  APPLICATION_FIELD_KEYS,
  APPLICATION_FIELDS,
  IMPORT_TEMPLATE_COLUMNS,
  type MeetingDto,
  toDay,
} from "@visa/domain";

export const IMPORT_TEMPLATE_FILENAME = "application_import_template.csv";

/** RFC 4180: quote a cell holding a comma, quote or line break, doubling its quotes. */
function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * The import template: every column the import reads (the spec's first, in its order, then the
 * optional ones) but the export's applicationId and lastChanged, which a new row has no use for; then one example row. With a meeting given, the example names it and travels on its dates,
 * so the secretariat can overwrite the row and import at once.
 */
export function buildImportTemplate(meeting?: Pick<MeetingDto, "name" | "startDate" | "endDate">): string {
  const arrival = (meeting && toDay(meeting.startDate)) || "2026-03-14";
  const departure = (meeting && toDay(meeting.endDate)) || "2026-03-21";
  const example: Record<string, string> = {
    ...Object.fromEntries(APPLICATION_FIELD_KEYS.map((k) => [k, APPLICATION_FIELDS[k].example ?? ""])),
    dateOfArrival: arrival,
    dateOfDeparture: departure,
    meetingName: meeting?.name ?? "Meeting name as listed under Manage Meetings",
  };
  const header = IMPORT_TEMPLATE_COLUMNS.join(",");
  const row = IMPORT_TEMPLATE_COLUMNS.map((c) => cell(example[c] ?? "")).join(",");
  return `${header}\r\n${row}\r\n`;
}
