import { IMPORT_COLUMNS, IMPORT_REQUIRED_COLUMNS } from "@visa/domain";
import { CsvError, parse } from "csv-parse/sync";
import { badRequest } from "../lib/errors.js";
import { restoreCell } from "./csv-cells.js";

export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** One data row: its spreadsheet row number (the header is row 1) and its cells by column. */
export interface CsvRecord {
  rowNumber: number;
  cells: Partial<Record<ImportColumn, string>>;
  /** More cells than the header has columns: the row is shifted and cannot be trusted. */
  hasExtraCells: boolean;
}

export interface ImportCsv {
  columns: ReadonlySet<ImportColumn>;
  records: CsvRecord[];
}

const NOT_CSV =
  "The file is not a CSV file. Save the spreadsheet as CSV (comma-separated) and import that file.";
const canonical = new Map(IMPORT_COLUMNS.map((c) => [c.toLowerCase(), c]));

/** UTF-8 as spreadsheets save it today; older "CSV" exports are Windows-1252. */
function decode(data: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    return new TextDecoder("windows-1252").decode(data);
  }
}

function assertTextFile(data: Buffer): void {
  if (data.toString("latin1").trim() === "") throw badRequest("The file is empty");
  const head = data.subarray(0, 64 * 1024);
  if (head.subarray(0, 4).equals(Buffer.from("PK\u0003\u0004", "latin1")) || head.includes(0)) {
    throw badRequest(NOT_CSV);
  }
}

function headerColumns(header: string[]): ImportColumn[] {
  if (header.length === 1 && /[;\t|]/.test(header[0] ?? "")) {
    throw badRequest(
      "The file must be comma-separated, but its header row uses another separator. Save it as CSV (comma-separated).",
    );
  }
  const columns = header.map((name) => canonical.get(name.trim().toLowerCase()));
  const seen = new Set<ImportColumn>();
  for (const c of columns) {
    if (!c) continue;
    if (seen.has(c)) throw badRequest(`The column ${c} appears more than once in the header row`);
    seen.add(c);
  }
  const missing = IMPORT_REQUIRED_COLUMNS.filter((c) => !seen.has(c));
  if (missing.length > 0) {
    const s = missing.length > 1 ? "s" : "";
    throw badRequest(`The file is missing the required column${s}: ${missing.join(", ")}`);
  }
  return columns as ImportColumn[];
}

/**
 * Reads an import file: a header row naming the columns (any order, any case), then one
 * application per row. Quoted cells may hold commas and line breaks; blank rows are skipped.
 */
export function readImportCsv(data: Buffer): ImportCsv {
  assertTextFile(data);
  let rows: string[][];
  try {
    rows = parse(decode(data), { bom: true, trim: true, relax_column_count: true, skip_empty_lines: false });
  } catch (err) {
    if (err instanceof CsvError) throw badRequest(`The file could not be read as CSV: ${err.message}`);
    throw err;
  }
  const [header, ...body] = rows;
  if (!header) throw badRequest("The file is empty");
  const columns = headerColumns(header);
  const records: CsvRecord[] = [];
  body.forEach((row, i) => {
    if (row.every((cell) => cell.trim() === "")) return;
    const cells: CsvRecord["cells"] = {};
    columns.forEach((column, j) => {
      if (column) cells[column] = restoreCell((row[j] ?? "").trim());
    });
    const hasExtraCells = row.slice(header.length).some((cell) => cell.trim() !== "");
    records.push({ rowNumber: i + 2, cells, hasExtraCells });
  });
  return { columns: new Set(columns.filter(Boolean)), records };
}
