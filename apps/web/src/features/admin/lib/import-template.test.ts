import { IMPORT_OPTIONAL_COLUMNS, IMPORT_REQUIRED_COLUMNS } from "@visa/domain";
import { describe, expect, it } from "vitest";
import { buildImportTemplate } from "./import-template";

/** Splits one CSV line, honouring quoted cells. */
function parseLine(line: string): string[] {
  const out: string[] = [];
  let cur = "";
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

describe("buildImportTemplate", () => {
  it("lists the spec's columns in its order, then the optional ones", () => {
    const [header] = buildImportTemplate().split("\r\n");
    const columns = parseLine(header ?? "");
    // State/Province keeps its place after city, though only some countries require it.
    expect(columns.slice(0, 19)).toEqual([
      ...["email", "lastName", "firstName", "birthdate", "gender", "passportNumber"],
      ...["passportIssuingCountry", "passportExpirationDate", "dateOfArrival", "dateOfDeparture"],
      ...["companyName", "position", "companyMailingAddress1", "city", "state", "postalCode"],
      ...["country", "phone", "meetingName"],
    ]);
    expect(columns.slice(19)).toEqual([...IMPORT_OPTIONAL_COLUMNS]);
  });

  it("has one example row filling every required column", () => {
    const lines = buildImportTemplate().split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(2);
    const header = parseLine(lines[0] ?? "");
    const row = parseLine(lines[1] ?? "");
    expect(row).toHaveLength(header.length);
    for (const col of IMPORT_REQUIRED_COLUMNS) expect(row[header.indexOf(col)]).not.toBe("");
    expect(row[header.indexOf("gender")]).toMatch(/^(Male|Female|Other)$/);
    expect(row[header.indexOf("birthdate")]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("names the selected meeting and travels on its dates, quoting a name with a comma", () => {
    const csv = buildImportTemplate({
      name: 'Dallas, "Spring" 2026',
      startDate: "2026-04-20T00:00:00.000Z",
      endDate: "2026-04-24T00:00:00.000Z",
    });
    const [headerLine, rowLine] = csv.split("\r\n");
    const header = parseLine(headerLine ?? "");
    const row = parseLine(rowLine ?? "");
    expect(row[header.indexOf("meetingName")]).toBe('Dallas, "Spring" 2026');
    expect(row[header.indexOf("dateOfArrival")]).toBe("2026-04-20");
    expect(row[header.indexOf("dateOfDeparture")]).toBe("2026-04-24");
  });
});
