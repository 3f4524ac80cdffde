import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { type IMPORT_COLUMNS, IMPORT_REQUIRED_COLUMNS } from "@visa/domain";
import { CsvError, parse } from "csv-parse";
import { badRequest } from "../lib/errors.js";
import { turnTaker } from "../lib/event-loop-turns.js";
import { restoreCell } from "./csv-cells.js";
import {
  COLUMNS_BY_KEY,
  columnKey,
  decodeImportFile,
  headerSeparator,
  type ImportFileEncoding,
} from "./import-file-text.js";

export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** One data row: its spreadsheet row number (the header is row 1) and its cells by column. */
export interface CsvRecord {
  rowNumber: number;
  cells: Partial<Record<ImportColumn, string>>;
  /** More cells than the header has columns: the row is shifted and cannot be trusted. */
  hasExtraCells: boolean;
}

/** Called once per data row, in file order, while the file is read; `encoding` is how the file was read. */
export type RecordVisitor = (
  record: CsvRecord,
  columns: ReadonlySet<ImportColumn>,
  encoding: ImportFileEncoding,
) => void;

const NOT_CSV =
  "The file is not a CSV file. Save the spreadsheet as CSV (comma-separated) and import that file.";

/** Bytes handed to the parser at a time: a few hundred rows, parsed and validated in a few ms. */
const PIECE_BYTES = 32 * 1024;

/**
 * The file in pieces, with a turn of the event loop whenever parsing and validating the pieces
 * before has held the thread for a while: a file of 20,000 rows must not keep other requests
 * (`/api/health` among them) waiting for seconds. The parser keeps a character or a quoted cell
 * cut between two pieces until the next one.
 */
async function* pieces(data: Buffer, pieceBytes: number): AsyncGenerator<Buffer> {
  const turn = turnTaker();
  for (let at = 0; at < data.length; at += pieceBytes) {
    yield data.subarray(at, at + pieceBytes);
    await turn();
  }
}

// What String.prototype.trim removes, among the bytes a Latin-1 reading of the file can hold.
const BLANK_BYTES = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0xa0]);

function assertTextFile(data: Buffer): void {
  if (data.every((byte) => BLANK_BYTES.has(byte))) throw badRequest("The file is empty");
  if (data.subarray(0, 4).equals(Buffer.from("PK\u0003\u0004", "latin1"))) throw badRequest(NOT_CSV);
}

/** Text, once decoded, holds no NUL: a binary file (or UTF-16 without its byte-order mark) does. */
function assertNoBinary(text: Buffer): void {
  if (text.subarray(0, 64 * 1024).includes(0)) throw badRequest(NOT_CSV);
}

function headerColumns(header: string[]): Array<ImportColumn | undefined> {
  if (header.length === 1 && /[;\t|]/.test(header[0] ?? "")) {
    throw badRequest(
      "The file's columns must be separated by commas (or semicolons or tabs), but its header row uses another separator. Save it as CSV (comma-separated).",
    );
  }
  const columns = header.map((name) => COLUMNS_BY_KEY.get(columnKey(name)));
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
  return columns;
}

/**
 * Reads an import file: a header row naming the columns (any order, any case, with or without
 * spaces between words; separated by commas, semicolons or tabs), then one application per row, each handed to `visit` as soon as it is
 * parsed (so the whole file never exists as parsed cells at once). Quoted cells may hold commas and line breaks; blank rows are
 * skipped; more than `maxRows` data rows are refused. Returns the number of data rows and the
 * header's columns the import does not know.
 */
export async function readImportCsv(
  data: Buffer,
  visit: RecordVisitor,
  maxRows = Number.POSITIVE_INFINITY,
  pieceBytes = PIECE_BYTES,
): Promise<{ total: number; unknownColumns: string[] }> {
  assertTextFile(data);
  const { text, encoding } = decodeImportFile(data);
  assertNoBinary(text);
  let header: string[] | undefined;
  let columns: Array<ImportColumn | undefined> = [];
  let known: ReadonlySet<ImportColumn> = new Set();
  let rowNumber = 1;
  let total = 0;
  const onRecord = (row: string[]) => {
    if (!header) {
      header = row;
      columns = headerColumns(row);
      known = new Set(columns.filter((c) => c !== undefined));
      return null;
    }
    rowNumber++;
    if (row.every((cell) => cell.trim() === "")) return null;
    const cells: CsvRecord["cells"] = {};
    columns.forEach((column, j) => {
      if (column) cells[column] = restoreCell((row[j] ?? "").trim());
    });
    const hasExtraCells = row.slice(header.length).some((cell) => cell.trim() !== "");
    total++;
    // Stops reading at once: a file too large is refused whole, before anything is written.
    if (total > maxRows) {
      throw badRequest(
        `The file has more than ${maxRows.toLocaleString("en-US")} rows. Split it into smaller files.`,
      );
    }
    visit({ rowNumber, cells, hasExtraCells }, known, encoding);
    return null;
  };
  const parser = parse({
    bom: true,
    delimiter: headerSeparator(text),
    trim: true,
    relax_column_count: true,
    skip_empty_lines: false,
    on_record: onRecord,
  });
  // Every record is handled in on_record, which passes none on: the sink only ends the pipeline.
  const sink = new Writable({ objectMode: true, write: (_record, _encoding, done) => done() });
  try {
    await pipeline(Readable.from(pieces(text, pieceBytes)), parser, sink);
  } catch (err) {
    if (err instanceof CsvError) throw badRequest(`The file could not be read as CSV: ${err.message}`);
    throw err;
  }
  if (!header) throw badRequest("The file is empty");
  const named = header;
  const unknownColumns = columns.flatMap((c, j) => (c || !named[j]?.trim() ? [] : [named[j]?.trim() ?? ""]));
  return { total, unknownColumns };
}
