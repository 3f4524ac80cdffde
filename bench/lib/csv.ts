import { IMPORT_COLUMNS } from "@visa/domain";
import { syntheticPerson } from "../../apps/api/src/cli/seed-scale.js";

const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** The stay every imported applicant asks for. */
const ARRIVAL = "2030-03-01";
const DEPARTURE = "2030-03-08";

/**
 * A passport valid for the whole stay, as the import requires: a seeded person's passport that
 * would expire before the departure is the one they renewed, ten years later.
 */
function validForStay(expiry: string): string {
  return expiry > DEPARTURE ? expiry : `${Number(expiry.slice(0, 4)) + 10}${expiry.slice(4)}`;
}

/**
 * An import file of `rows` new applicants for the meeting, in the template's columns. People are
 * drawn with their own seed, so their passport numbers and e-mails match no seeded application.
 * `statusOf` gives a row its status cell (empty: Pending).
 */
export function importCsv(
  rows: number,
  meetingName: string,
  seed = 3,
  statusOf: (row: number) => string = () => "",
): string {
  const lines = [IMPORT_COLUMNS.join(",")];
  for (let i = 0; i < rows; i++) {
    const p = syntheticPerson(i, seed);
    const values: Record<string, string> = {
      ...p,
      passportExpirationDate: validForStay(p.passportExpirationDate),
      dateOfArrival: ARRIVAL,
      dateOfDeparture: DEPARTURE,
      meetingName,
      companyMailingAddress2: i % 4 === 0 ? "Suite 5" : "",
      fax: "",
      hotelName: i % 2 === 0 ? "Grand Hotel" : "",
      hotelConfirmation: "",
      applicationDate: "",
      letterMailedDate: "",
      hardCopyMailedDate: "",
      status: statusOf(i),
    };
    lines.push(IMPORT_COLUMNS.map((c) => cell(values[c] ?? "")).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
