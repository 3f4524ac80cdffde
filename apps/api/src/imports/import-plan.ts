import type { ApplicationStatus, ImportResultDto } from "@visa/domain";
import type { RowMatch } from "./import-match.js";
import { IMPORTED_KEYS, type ImportedFields, type ImportedRow } from "./import-row.js";
import { columnsOf, staleRowReason } from "./import-staleness.js";

/** The imported columns of an application, as stored or as the file leaves them. */
export type ImportedValues = Required<ImportedFields>;

/** An application this file creates: its imported columns and who and when. */
export interface NewApplication extends ImportedFields {
  id: string;
  meetingId: string;
  userId: string | null;
  createdAt: Date;
  status: ApplicationStatus;
}

export interface ImportPlan {
  /** Applications to create, with the last values the file gives them. */
  inserts: NewApplication[];
  /** Stored applications whose imported columns end up different, with their new values. */
  updates: Array<{ id: string; values: ImportedValues }>;
  created: number;
  matched: number;
  unchanged: number;
  updatedRecords: ImportResultDto["updatedRecords"];
  /** Rows of an older export that would overwrite what the portal changed since: they change nothing. */
  stale: ImportResultDto["errors"];
}

const REASONS = {
  "passport number": ["Matched by passport number", "No changes (matched by passport number)"],
  email: ["Matched by email", "No changes (matched by email)"],
} as const;

/** The keys whose value the row would change. */
const differing = (current: Partial<ImportedValues>, fields: ImportedFields): string[] =>
  Object.keys(fields).filter((k) => current[k as keyof ImportedFields] !== fields[k as keyof ImportedFields]);

/**
 * Applies the matched rows, in file order, to the applications they write, without touching the
 * database: `stored` holds the imported columns of every stored application a row matched. A
 * stored application is copied only when a row changes it, and written only when it ends up
 * different; status, owner and creation date are never part of an update. `changedSince` holds,
 * for the rows of an export whose application changed after it, the fields the portal changed: a
 * row that would give one of them another value fails and changes nothing.
 */
export function planImport(input: {
  matches: RowMatch[];
  stored: Map<string, ImportedValues>;
  ownerByEmail: Map<string, string>;
  now: Date;
  changedSince?: Map<ImportedRow, ReadonlySet<string>>;
}): ImportPlan {
  const plan: ImportPlan = {
    inserts: [],
    updates: [],
    created: 0,
    matched: 0,
    unchanged: 0,
    updatedRecords: [],
    stale: [],
  };
  const created = new Map<string, NewApplication>();
  const changed = new Map<string, ImportedValues>();
  for (const { row, id, how } of input.matches) {
    if (how === "new") {
      const values: NewApplication = {
        ...row.fields,
        id,
        meetingId: row.meetingId,
        userId: input.ownerByEmail.get(row.fields.email) ?? null,
        createdAt: row.applicationDate ? new Date(`${row.applicationDate}T12:00:00.000Z`) : input.now,
        status: row.status,
      };
      created.set(id, values);
      plan.inserts.push(values);
      plan.created++;
      continue;
    }
    const own = created.get(id) ?? changed.get(id);
    const current = own ?? input.stored.get(id);
    if (!current) throw new Error("a matched application was not loaded");
    const keys = differing(current, row.fields);
    const portal = input.changedSince?.get(row);
    const overwritten = portal ? keys.filter((k) => portal.has(k)) : [];
    if (overwritten.length > 0) {
      plan.stale.push({ name: row.name, error: staleRowReason(overwritten) });
      continue;
    }
    plan.matched++;
    if (keys.length === 0) {
      plan.unchanged++;
      plan.updatedRecords.push({ name: row.name, reason: REASONS[how][1] });
      continue;
    }
    if (own) Object.assign(own, row.fields);
    else changed.set(id, Object.assign({ ...current }, row.fields) as ImportedValues);
    plan.updatedRecords.push({ name: row.name, reason: REASONS[how][0], changed: columnsOf(keys) });
  }
  for (const [id, values] of changed) {
    const original = input.stored.get(id) as ImportedValues;
    if (IMPORTED_KEYS.some((k) => values[k] !== original[k])) plan.updates.push({ id, values });
  }
  return plan;
}
