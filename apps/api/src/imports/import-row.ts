import {
  type ApplicationStatus,
  applicationUpdateSchema,
  COUNTRIES,
  CSV_FIELD_KEYS,
  CSV_TEXT_FIELD_KEYS,
  GENDERS_EDIT,
  IMPORT_REQUIRED_COLUMNS,
  idField,
  isCountryCode,
  PASSPORT_VALIDITY_MESSAGE,
  passportCoversStay,
  stateRequired,
} from "@visa/domain";
import { passportKeyOf } from "../applications/passport-key.js";
import type { applications } from "../db/schema.js";
import { isPrintedTextField, unprintableReason } from "../letters/printable-text.js";
import { DATE_COLUMNS, readImportDay, type SlashEvidence } from "./import-dates.js";
import { APPLICATION_ID_UNREADABLE } from "./import-deleted.js";
import type { ImportFileEncoding } from "./import-file-text.js";
import { LAST_CHANGED_UNREADABLE, readLastChanged } from "./import-staleness.js";
import type { CsvRecord, ImportColumn } from "./read-import-csv.js";

type ApplicationInsert = typeof applications.$inferInsert;

/**
 * The application columns an import writes; everything else (owner, creation...) it never
 * touches, and status only on a new application (ImportedRow.status).
 */
export const IMPORTED_KEYS = [
  ...CSV_FIELD_KEYS,
  "passportKey",
  "letterEmailed",
  "letterEmailedDate",
  "hardCopyMailed",
  "hardCopyMailedDate",
] as const satisfies ReadonlyArray<keyof ApplicationInsert>;
export type ImportedFields = Partial<Pick<ApplicationInsert, (typeof IMPORTED_KEYS)[number]>> & {
  email: string;
  passportKey: string;
};

/** A row that passed validation. */
export interface ImportedRow {
  rowNumber: number;
  /** "Row N (First Last)", how results name the row. */
  name: string;
  meetingId: string;
  fields: ImportedFields;
  /** The day the application was made (new rows only), "YYYY-MM-DD". */
  applicationDate?: string;
  /** The status a new application starts with; a stored one's never changes. */
  status: ApplicationStatus;
  /** When the matched application last changed as the export that wrote the row saw it (`readLastChanged`). */
  lastChanged?: string;
  /** The id of the application the export wrote the row from. */
  applicationId?: string;
}

export type RowResult = { ok: true; row: ImportedRow } | { ok: false; name: string; error: string };

/** Meetings by name: exactly as written, else ignoring case when that names only one. */
export function meetingLookup(all: Array<{ id: string; name: string }>) {
  const exact = new Map(all.map((m) => [m.name, m.id]));
  const folded = new Map<string, string[]>();
  for (const m of all) folded.set(m.name.toLowerCase(), [...(folded.get(m.name.toLowerCase()) ?? []), m.id]);
  return (name: string): string | null => {
    const ids = folded.get(name.toLowerCase());
    return exact.get(name) ?? (ids?.length === 1 ? (ids[0] ?? null) : null);
  };
}

const countryByName = new Map(COUNTRIES.map((c) => [c.name.toLowerCase(), c.code]));

/** A country code, or the code of a country written out by name. */
function countryCode(value: string): string | null {
  if (isCountryCode(value)) return value.toUpperCase();
  return countryByName.get(value.normalize("NFC").toLowerCase()) ?? null;
}

// A file saved in a Windows code page has "?" where the spreadsheet had a letter the code page
// lacks (Ayşe becomes Ay?e, Дмитрий becomes ???????); imported, it would overwrite the stored name.
// Free text may end a question with one, so there only a "?" before a letter or another "?" counts.
const LOST_LETTER =
  'has "?" where the spreadsheet could not save a letter, as files not saved as UTF-8 do: save it as "CSV UTF-8" and import that file';
const FREE_TEXT = new Set<ImportColumn>(["additionalInformation"]);
const lostLetter = (column: ImportColumn, value: string) =>
  FREE_TEXT.has(column) ? /\?[\p{L}?]/u.test(value) : value.includes("?");

// A long number in a cell a spreadsheet holds as a number is saved as it shows it: 1.23457E+11.
const SCIENTIFIC = /^\d+(?:[.,]\d+)?E\+?\d+$/i;
const NUMBER_COLUMNS = new Set<ImportColumn>(["passportNumber", "phone", "fax"]);
const SHORTENED =
  "is a number the spreadsheet shortened (such as 1.23E+08), which loses its digits: format the column as Text and write the number in full";

/**
 * Checks one row on its own with the same field rules as the application form, and gives either
 * the columns to write or every problem as "field: reason".
 */
export function validateImportRow(
  record: CsvRecord,
  columns: ReadonlySet<ImportColumn>,
  findMeeting: (name: string) => string | null,
  slashEvidence: SlashEvidence,
  encoding: ImportFileEncoding,
): RowResult {
  const days = new Map<ImportColumn, string>();
  const cell = (c: ImportColumn) => days.get(c) ?? record.cells[c] ?? "";
  const person = `${cell("firstName")} ${cell("lastName")}`.trim();
  const name = person ? `Row ${record.rowNumber} (${person})` : `Row ${record.rowNumber}`;
  const errors: string[] = [];
  const fail = (field: string, reason: string) => errors.push(`${field}: ${reason}`);
  const out: Record<string, unknown> = {};

  if (record.hasExtraCells) fail("row", "has more cells than the header row");
  for (const c of IMPORT_REQUIRED_COLUMNS) if (!cell(c)) fail(c, "is required");
  const bad = (c: ImportColumn) => errors.some((e) => e.startsWith(`${c}:`));

  for (const c of DATE_COLUMNS) {
    if (!cell(c)) continue;
    const read = readImportDay(cell(c), slashEvidence);
    if ("day" in read) days.set(c, read.day);
    else fail(c, read.error);
  }
  const gender = GENDERS_EDIT.find((g) => g.toLowerCase() === cell("gender").toLowerCase());
  if (!bad("gender")) {
    if (gender) out.gender = gender;
    else fail("gender", "must be Male, Female or Other");
  }
  for (const c of ["passportIssuingCountry", "country"] as const) {
    if (bad(c)) continue;
    const code = countryCode(cell(c));
    if (code) out[c] = code;
    else fail(c, "must be a country code or name");
  }
  // The form's rule: an address in a country with states names its State/Province.
  if (!bad("country") && stateRequired(String(out.country)) && !cell("state").trim())
    fail("state", "is required");
  const meetingId = bad("meetingName") ? null : findMeeting(cell("meetingName"));
  if (!meetingId && !bad("meetingName")) fail("meetingName", `no meeting is named "${cell("meetingName")}"`);

  const shape = applicationUpdateSchema.shape;
  for (const c of CSV_TEXT_FIELD_KEYS) {
    if (!columns.has(c) || bad(c)) continue;
    if (encoding === "windows-1252" && lostLetter(c, cell(c))) {
      fail(c, LOST_LETTER);
      continue;
    }
    if (NUMBER_COLUMNS.has(c) && SCIENTIFIC.test(cell(c))) {
      fail(c, SHORTENED);
      continue;
    }
    const parsed = shape[c].safeParse(cell(c));
    const unprintable =
      parsed.success && isPrintedTextField(c) ? unprintableReason(c, String(parsed.data)) : null;
    if (unprintable) fail(c, unprintable);
    else if (parsed.success) out[c] = parsed.data;
    else fail(c, parsed.error.issues[0]?.message ?? "is invalid");
  }
  for (const c of ["birthdate", "passportExpirationDate", "dateOfArrival", "dateOfDeparture"] as const) {
    if (!bad(c)) out[c] = cell(c);
  }
  if (!bad("dateOfArrival") && !bad("dateOfDeparture") && cell("dateOfDeparture") < cell("dateOfArrival")) {
    fail("dateOfDeparture", "must not be before dateOfArrival");
  }
  if (
    !bad("passportExpirationDate") &&
    !bad("dateOfDeparture") &&
    !passportCoversStay(cell("passportExpirationDate"), cell("dateOfDeparture"))
  ) {
    fail("passportExpirationDate", PASSPORT_VALIDITY_MESSAGE);
  }
  const status = cell("status") ? shape.status.safeParse(cell("status")) : undefined;
  if (status && !status.success) fail("status", "must be Pending, Approved or Rejected");
  const lastChanged = cell("lastChanged") ? readLastChanged(cell("lastChanged")) : undefined;
  if (lastChanged === null) fail("lastChanged", LAST_CHANGED_UNREADABLE);
  const applicationId = cell("applicationId").trim().toLowerCase() || undefined;
  if (applicationId && !idField.safeParse(applicationId).success)
    fail("applicationId", APPLICATION_ID_UNREADABLE);
  if (errors.length > 0 || !meetingId) return { ok: false, name, error: errors.join("; ") };

  if (cell("letterMailedDate"))
    Object.assign(out, { letterEmailed: true, letterEmailedDate: cell("letterMailedDate") });
  if (cell("hardCopyMailedDate")) {
    Object.assign(out, { hardCopyMailed: true, hardCopyMailedDate: cell("hardCopyMailedDate") });
  }
  const fields = { ...out, passportKey: passportKeyOf(String(out.passportNumber)) } as ImportedFields;
  return {
    ok: true,
    row: {
      rowNumber: record.rowNumber,
      name,
      meetingId,
      fields,
      applicationDate: cell("applicationDate") || undefined,
      status: status?.data ?? "Pending",
      ...(lastChanged ? { lastChanged } : {}),
      ...(applicationId ? { applicationId } : {}),
    },
  };
}
