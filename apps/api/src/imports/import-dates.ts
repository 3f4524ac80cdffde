import {
  APPLICATION_FIELDS,
  CSV_FIELD_KEYS,
  DAY_MESSAGE,
  DAY_WITH_TIME_MESSAGE,
  isRealDay,
} from "@visa/domain";
import { type ImportColumn, readImportCsv } from "./read-import-csv.js";

/** The columns that hold days. */
export const DATE_COLUMNS = new Set<ImportColumn>([
  ...CSV_FIELD_KEYS.filter((k) => APPLICATION_FIELDS[k].kind === "day"),
  "applicationDate",
  "letterMailedDate",
  "hardCopyMailedDate",
]);

/** Where the file shows which of day and month its slashed dates write first: "row 5's birthdate". */
export interface SlashEvidence {
  dayFirst: string | null;
  monthFirst: string | null;
}

export const NO_SLASH_EVIDENCE: SlashEvidence = { dayFirst: null, monthFirst: null };

const ISO = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/;
const DOTTED = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const SLASHED = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const SHORT_YEAR = /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2}$/;
const NUMBER = /^\d+([.,]\d+)?$/;
// Midnight, as a spreadsheet writes a date cell formatted with its time, or a timestamp at midnight
// as the API takes one (its own, or midnight at an offset: the day written, as readDayInput reads it).
const MIDNIGHT =
  /^(\S+?)[T ](?:0?0:00(?::00(?:\.0+)?)?(?:Z|[+-]\d{2}:?\d{2})?|0?0:00(?::00)? ?AM|12:00(?::00)? ?AM)$/i;
const ANY_TIME = /^\S+?[T ]\d{1,2}:\d{2}/;

type Day = { day: string } | { error: string };

function dayOf(y: string, m: string, d: string): Day {
  return isRealDay(Number(y), Number(m), Number(d))
    ? { day: `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}` }
    : { error: DAY_MESSAGE };
}

/** A slashed date's two readings' evidence: which order its numbers prove, if any. */
function slashProof(value: string): "dayFirst" | "monthFirst" | null {
  const m = SLASHED.exec(dateOnly(value));
  if (!m) return null;
  const [a, b] = [Number(m[1]), Number(m[2])];
  if (a > 12 && b <= 12) return "dayFirst";
  if (b > 12 && a <= 12) return "monthFirst";
  return null;
}

function dateOnly(value: string): string {
  return MIDNIGHT.exec(value)?.[1] ?? value;
}

/** Adds to `evidence` what one date cell shows, keeping the first of each kind. */
function noteSlashEvidence(evidence: SlashEvidence, value: string, where: string): void {
  const proof = slashProof(value);
  if (proof && !evidence[proof]) evidence[proof] = where;
}

/**
 * What the file's date cells prove about its slashed dates' order. It reads the file once more, so
 * only a file with a slash in it.
 */
export async function slashEvidenceOf(data: Buffer, maxRows: number): Promise<SlashEvidence> {
  if (!data.includes(0x2f)) return NO_SLASH_EVIDENCE;
  const evidence: SlashEvidence = { dayFirst: null, monthFirst: null };
  await readImportCsv(
    data,
    ({ rowNumber, cells }) => {
      for (const column of DATE_COLUMNS) {
        const value = cells[column];
        if (value) noteSlashEvidence(evidence, value, `row ${rowNumber}'s ${column}`);
      }
    },
    maxRows,
  );
  return evidence;
}

/** The slashed dates' order for the result's notes, when the file showed one and only one. */
export function slashOrderNote(evidence: SlashEvidence): string | null {
  if (evidence.dayFirst && !evidence.monthFirst)
    return `Dates written with slashes were read day first (DD/MM/YYYY), as ${evidence.dayFirst} shows.`;
  if (evidence.monthFirst && !evidence.dayFirst)
    return `Dates written with slashes were read month first (MM/DD/YYYY), as ${evidence.monthFirst} shows.`;
  return null;
}

/**
 * A date cell as "YYYY-MM-DD", or why it cannot be read. Accepted: YYYY-MM-DD (also with slashes
 * or dots, and with a midnight time, as a spreadsheet's date-and-time cell or the API's timestamps
 * write it); DD.MM.YYYY, which no locale writes month first; and DD/MM/YYYY or MM/DD/YYYY, as
 * spreadsheets save dates in their locale's order. A slashed date reads one way when one of its
 * numbers is above 12 (31/12/1990, 12/31/1990) or both are equal; otherwise (03/04/1990) it follows
 * the order the file's other dates prove (`evidence`), and is refused when they prove none or both.
 */
export function readImportDay(raw: string, evidence: SlashEvidence): Day {
  if (ANY_TIME.test(raw) && !MIDNIGHT.test(raw)) {
    return { error: DAY_WITH_TIME_MESSAGE };
  }
  const value = dateOnly(raw);
  const iso = ISO.exec(value);
  if (iso) return dayOf(iso[1] as string, iso[2] as string, iso[3] as string);
  const dotted = DOTTED.exec(value);
  if (dotted) return dayOf(dotted[3] as string, dotted[2] as string, dotted[1] as string);
  if (SHORT_YEAR.test(value)) return { error: "must be a date with a four-digit year (YYYY-MM-DD)" };
  if (NUMBER.test(value)) {
    return {
      error:
        "is a number, as a spreadsheet shows a date in a column not formatted as a date: format the column as a date, or write YYYY-MM-DD",
    };
  }
  const slashed = SLASHED.exec(value);
  if (!slashed) return { error: DAY_MESSAGE };
  const [, a, b, y] = slashed as unknown as [string, string, string, string];
  const proof = slashProof(value);
  if (proof === "dayFirst" || (proof === null && a === b)) return dayOf(y, b, a);
  if (proof === "monthFirst") return dayOf(y, a, b);
  if (Number(a) > 12 && Number(b) > 12) return { error: DAY_MESSAGE };
  if (evidence.dayFirst && evidence.monthFirst) {
    return {
      error: `could be day or month first, and the file writes dates both ways (${evidence.dayFirst} day first, ${evidence.monthFirst} month first): write it as YYYY-MM-DD`,
    };
  }
  if (evidence.dayFirst) return dayOf(y, b, a);
  if (evidence.monthFirst) return dayOf(y, a, b);
  return {
    error:
      "could be day or month first (as 03/04/1990 could be 3 April or 4 March), and no date in the file shows which: write it as YYYY-MM-DD",
  };
}
