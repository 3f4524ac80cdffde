import { IMPORT_COLUMNS } from "@visa/domain";
import { describe, expect, it } from "vitest";
import { importRow, toCsv } from "./csv-test-helpers.js";
import { type CsvRecord, readImportCsv } from "./read-import-csv.js";

const read = async (csv: string | Buffer, pieceBytes?: number) => {
  const records: CsvRecord[] = [];
  const result = await readImportCsv(Buffer.from(csv), (r) => records.push(r), undefined, pieceBytes);
  return { ...result, records };
};

describe("reading an import file in pieces", () => {
  it("reads the same rows whatever the pieces cut: characters, quoted cells and line ends", async () => {
    const rows = [
      importRow("Plenary", 1, { lastName: "Łukasiewicz-Ñúñez", companyName: 'Acme, "Widgets"' }),
      importRow("Plenary", 2, { firstName: "Ελένη", companyMailingAddress1: "Line one" }),
      importRow("Plenary", 3, { lastName: "Шостакович" }),
    ];
    const csv = `\uFEFF${toCsv(rows, IMPORT_COLUMNS, "\r\n")}`;
    const whole = await read(csv);
    expect(whole.total).toBe(3);
    expect(whole.records[0]?.cells).toMatchObject({
      lastName: "Łukasiewicz-Ñúñez",
      companyName: 'Acme, "Widgets"',
    });
    for (const pieceBytes of [1, 2, 3, 7, 64]) {
      const inPieces = await read(csv, pieceBytes);
      expect(inPieces.records).toEqual(whole.records);
    }
  });

  it("lets the event loop run while a large file is read, not only once it is done", async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => importRow("Plenary", i, { gender: "Robot" }));
    const csv = toCsv(rows);
    let turns = 0;
    let reading = true;
    const tick = () => {
      turns++;
      if (reading) setImmediate(tick);
    };
    setImmediate(tick);
    // Some work per row, as validation does.
    const started = performance.now();
    await readImportCsv(Buffer.from(csv), (r) => JSON.stringify(r));
    const took = performance.now() - started;
    reading = false;
    // At least one turn for every 100 ms the reading took (it gives one every 20 ms of work).
    expect(turns).toBeGreaterThan(Math.floor(took / 100));
    expect(turns).toBeGreaterThan(1);
  });

  it("refuses a malformed file with the parser's reason", async () => {
    const csv = `${IMPORT_COLUMNS.join(",")}\n"unclosed,quote\n`;
    await expect(read(csv, 5)).rejects.toThrow(/^The file could not be read as CSV: /);
  });
});
