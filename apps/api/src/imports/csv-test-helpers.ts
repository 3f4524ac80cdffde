import { IMPORT_COLUMNS } from "@visa/domain";
import { asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { applications } from "../db/schema.js";
import type { App } from "../lib/app-type.js";
import { multipartFile } from "../test/multipart.js";

export type CsvRow = Partial<Record<(typeof IMPORT_COLUMNS)[number], string>>;

/** A valid import row for the meeting; `n` makes passport and e-mail unique. */
export function importRow(meetingName: string, n: number, over: CsvRow = {}): CsvRow {
  return {
    email: `person${n}@example.test`,
    lastName: `Müller-${n}`,
    firstName: "Jürgen",
    birthdate: "1985-06-15",
    gender: "Male",
    passportNumber: `C0${String(n).padStart(7, "0")}`,
    passportIssuingCountry: "DE",
    passportExpirationDate: "2031-01-31",
    dateOfArrival: "2030-03-01",
    dateOfDeparture: "2030-03-08",
    companyName: "Beispiel GmbH",
    position: "Engineer",
    companyMailingAddress1: "Hauptstraße 1",
    city: "Berlin",
    state: "Berlin",
    postalCode: "10115",
    country: "DE",
    phone: "+49 30 1234567",
    meetingName,
    ...over,
  };
}

const quote = (v: string) => (/[",;\t\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** CSV text with a header of `columns` (all import columns by default). */
export function toCsv(
  rows: CsvRow[],
  columns: readonly string[] = IMPORT_COLUMNS,
  eol = "\n",
  separator = ",",
): string {
  const lines = [columns.join(separator)];
  for (const row of rows) lines.push(columns.map((c) => quote(row[c as keyof CsvRow] ?? "")).join(separator));
  return lines.join(eol) + eol;
}

/** POSTs a file to the import route. */
export function postImport(
  app: App,
  headers: Record<string, string>,
  data: string | Buffer,
  filename = "a.csv",
) {
  const body = multipartFile({ filename, data, contentType: "text/csv" });
  return app.inject({
    method: "POST",
    url: "/api/applications/import",
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

/** A meeting's applications as stored, oldest first. */
export function storedRows(app: App, meetingId: string) {
  return app.ctx.db
    .select()
    .from(applications)
    .where(eq(applications.meetingId, meetingId))
    .orderBy(asc(applications.createdAt), asc(applications.lastName));
}

/** Imports a file that must be accepted (200) and returns the import's result. */
export async function importAccepted(app: App, headers: Record<string, string>, csv: string | Buffer) {
  const res = await postImport(app, headers, csv);
  expect(res.statusCode).toBe(200);
  return res.json();
}
