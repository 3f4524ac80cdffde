// A spreadsheet runs a cell starting with = + - @ (or a tab or carriage return before one) as a
// formula. Export puts an apostrophe in front, which spreadsheets read as "this is text"; values
// that already start with apostrophes before such a character get one more, so the import can
// always take exactly one off and every value survives the round trip. This is done at the start of
// every line of a cell, not only of the cell: a spreadsheet that splits a multi-line cell (or one
// whose quoting it ignores) must not find a formula at the start of any of its lines.
const NEEDS_QUOTE = /^(?='*[=+\-@\t\r])/gm;
const QUOTED = /^'(?='*[=+\-@\t\r])/gm;
const LINE_BREAK = /[\r\n]/;

/** A cell value safe to open in a spreadsheet. */
export function neutraliseCell(value: string): string {
  return value.replace(NEEDS_QUOTE, "'");
}

/** The value a neutralised cell stood for: one apostrophe removed before a formula at each line start. */
export function restoreCell(value: string): string {
  return value.replace(QUOTED, "");
}

/** csv-stringify's quoting rule for export: every cell with a line break is quoted, whatever the record delimiter. */
export const QUOTE_LINE_BREAKS = LINE_BREAK;
