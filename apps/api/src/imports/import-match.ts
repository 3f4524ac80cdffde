import { randomUUID } from "node:crypto";
import type { ImportResultDto } from "@visa/domain";
import type { ImportedRow } from "./import-row.js";

/** A stored application as matching sees it: what finds it, nothing more. */
export interface StoredKey {
  id: string;
  meetingId: string;
  passportKey: string;
  email: string;
}

/** What one valid row does, in file order. */
export interface RowMatch {
  row: ImportedRow;
  /** The application the row writes: a stored one, or a new id for one this file creates. */
  id: string;
  /** How the row found its application; "new" when the row creates it. */
  how: "new" | "passport number" | "email";
}

interface Slot {
  id: string;
  stored: boolean;
  /** Matched or created by an earlier row of this file. */
  touched: boolean;
}

const LEADING_ZEROS = /^0+(?=\d)/;
const LOST_ZEROS =
  "passportNumber: is the passport number of an application of this meeting without its leading zeros, which a spreadsheet drops from numbers: format the column as Text and write the number in full";

class MeetingIndex {
  readonly byPassport = new Map<string, Slot>();
  readonly byEmail = new Map<string, Slot[]>();
  /** Numeric passport numbers that start with zeros, by the number without them. */
  readonly byNumber = new Set<string>();
  add(slot: Slot, passportKey: string, email: string) {
    if (!this.byPassport.has(passportKey)) this.byPassport.set(passportKey, slot);
    if (/^0\d*$/.test(passportKey)) this.byNumber.add(passportKey.replace(LEADING_ZEROS, ""));
    const key = email.toLowerCase();
    const list = this.byEmail.get(key);
    if (!list) this.byEmail.set(key, [slot]);
    else if (!list.includes(slot)) list.push(slot);
  }
}

/**
 * Decides, from passport numbers and e-mails alone, which application each valid row writes. A
 * row matches an application of its meeting by passport number, else by e-mail (only a stored one
 * not already claimed by an earlier row, so two people sharing an address stay two); otherwise it
 * creates one, which later rows of the file can match in turn. A row whose passport number is one
 * of the meeting's without its leading zeros fails: a spreadsheet that read it as a number dropped
 * them, and matching it by e-mail (or adding it) would store the shortened number.
 */
export function matchRows(
  stored: StoredKey[],
  rows: ImportedRow[],
  newId: () => string = randomUUID,
): { matches: RowMatch[]; errors: ImportResultDto["errors"] } {
  const indexes = new Map<string, MeetingIndex>();
  const indexOf = (meetingId: string) => {
    let index = indexes.get(meetingId);
    if (!index) {
      index = new MeetingIndex();
      indexes.set(meetingId, index);
    }
    return index;
  };
  // Oldest first, so the first application with a passport number is the one a row matches.
  for (const s of stored)
    indexOf(s.meetingId).add({ id: s.id, stored: true, touched: false }, s.passportKey, s.email);

  const matches: RowMatch[] = [];
  const errors: ImportResultDto["errors"] = [];
  for (const row of rows) {
    const index = indexOf(row.meetingId);
    let slot = index.byPassport.get(row.fields.passportKey);
    let how: RowMatch["how"] = "passport number";
    if (!slot && index.byNumber.has(row.fields.passportKey)) {
      errors.push({ name: row.name, error: LOST_ZEROS });
      continue;
    }
    if (!slot) {
      const free = (index.byEmail.get(row.fields.email) ?? []).filter((s) => s.stored && !s.touched);
      if (free.length > 1) {
        errors.push({
          name: row.name,
          error: "email: matches several applications of this meeting and the passport number none",
        });
        continue;
      }
      slot = free[0];
      how = "email";
    }
    if (!slot) {
      slot = { id: newId(), stored: false, touched: true };
      how = "new";
    }
    slot.touched = true;
    // After the row, its application carries the row's passport number and e-mail.
    index.add(slot, row.fields.passportKey, row.fields.email);
    matches.push({ row, id: slot.id, how });
  }
  return { matches, errors };
}
