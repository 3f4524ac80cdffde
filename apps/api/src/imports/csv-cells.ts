// A spreadsheet runs a cell starting with = + - @ (or a tab or carriage return before one) as a
// formula. Export puts an apostrophe in front, which spreadsheets read as "this is text"; values
// that already start with apostrophes before such a character get one more, so the import can
// always take exactly one off and every value survives the round trip.
const NEEDS_QUOTE = /^'*[=+\-@\t\r]/;
const QUOTED = /^'+[=+\-@\t\r]/;

/** A cell value safe to open in a spreadsheet. */
export function neutraliseCell(value: string): string {
  return NEEDS_QUOTE.test(value) ? `'${value}` : value;
}

/** The value a neutralised cell stood for: one leading apostrophe removed before a formula character. */
export function restoreCell(value: string): string {
  return QUOTED.test(value) ? value.slice(1) : value;
}
