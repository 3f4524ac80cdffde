import { isUtf8 } from "node:buffer";
import { IMPORT_COLUMNS } from "@visa/domain";
import { decodeWindows1252 } from "./windows-1252.js";

/** How the file's bytes were read: spreadsheets save "CSV" in any of these. */
export type ImportFileEncoding = "utf-8" | "utf-16" | "windows-1252";

const UTF16_LE = Buffer.from([0xff, 0xfe]);
const UTF16_BE = Buffer.from([0xfe, 0xff]);

/**
 * The file as UTF-8 bytes for the parser. UTF-8 (as spreadsheets save it today, with or without a
 * BOM) goes on as it came, with no second copy of the file; a byte-order mark of UTF-16 is what
 * Excel's "Unicode Text" writes, the one format in which its older versions keep every script;
 * anything else is read as Windows-1252, which older "CSV" exports are.
 */
export function decodeImportFile(data: Buffer): { text: Buffer; encoding: ImportFileEncoding } {
  if (isUtf8(data)) return { text: data, encoding: "utf-8" };
  const head = data.subarray(0, 2);
  if (head.equals(UTF16_LE) || head.equals(UTF16_BE)) {
    const decoder = new TextDecoder(head.equals(UTF16_LE) ? "utf-16le" : "utf-16be");
    return { text: Buffer.from(decoder.decode(data)), encoding: "utf-16" };
  }
  return { text: Buffer.from(decodeWindows1252(data)), encoding: "windows-1252" };
}

/**
 * A header cell as the import compares it: without case, spaces, underscores or hyphens, so
 * "First Name", "first_name" and "FIRSTNAME" all name firstName.
 */
export const columnKey = (name: string) => name.replace(/[\s_\-"]+/g, "").toLowerCase();

/** Import columns by `columnKey`. */
export const COLUMNS_BY_KEY = new Map(IMPORT_COLUMNS.map((c) => [columnKey(c), c]));

const SEPARATORS = [",", ";", "\t"] as const;
export type ImportSeparator = (typeof SEPARATORS)[number];

/**
 * The separator of the file's columns, told by its header row: the one that splits it into the
 * most column names the import knows. Excel saves "CSV" with semicolons where the decimal mark is
 * a comma, and "Unicode Text" with tabs; a comma when nothing tells.
 */
export function headerSeparator(text: Buffer): ImportSeparator {
  const end = text.indexOf(0x0a);
  const header = text
    .subarray(0, end < 0 ? Math.min(text.length, 64 * 1024) : end)
    .toString("utf8")
    .replace(/^\uFEFF/, "");
  const names = (separator: string) =>
    header.split(separator).filter((name) => COLUMNS_BY_KEY.has(columnKey(name))).length;
  let best: ImportSeparator = ",";
  for (const separator of SEPARATORS) if (names(separator) > names(best)) best = separator;
  return best;
}
