import { randomUUID } from "node:crypto";
import type { ImportResultDto } from "@visa/domain";
import type { applications } from "../db/schema.js";
import { IMPORTED_KEYS, type ImportedFields, type ImportedRow } from "./import-row.js";

type ApplicationRow = typeof applications.$inferSelect;
type ApplicationInsert = typeof applications.$inferInsert;

// Every column of a new row is written explicitly (the writer sends complete rows).
const NEW_ROW_DEFAULTS = {
  companyMailingAddress2: "",
  fax: "",
  hotelName: "",
  hotelConfirmation: "",
  additionalInformation: "",
  pickUpInOrlando: false,
  letterEmailed: false,
  letterEmailedDate: null,
  hardCopyMailed: false,
  hardCopyMailedDate: null,
  addressToMailHardCopy: "",
} satisfies Partial<ApplicationInsert>;

/** An application the file may write: one already stored, or one this file creates. */
interface Target {
  values: ApplicationInsert & { id: string; email: string; passportKey: string };
  original: ApplicationRow | null;
  /** Matched or created by an earlier row of this file. */
  touched: boolean;
}

export interface ImportPlan {
  /** Full rows to upsert by id: new applications and stored ones whose imported columns changed. */
  writes: ApplicationInsert[];
  created: number;
  matched: number;
  unchanged: number;
  updatedRecords: ImportResultDto["updatedRecords"];
  errors: ImportResultDto["errors"];
}

class MeetingIndex {
  readonly byPassport = new Map<string, Target>();
  readonly byEmail = new Map<string, Target[]>();
  add(t: Target) {
    if (!this.byPassport.has(t.values.passportKey)) this.byPassport.set(t.values.passportKey, t);
    const list = this.byEmail.get(t.values.email.toLowerCase()) ?? [];
    if (!list.includes(t)) this.byEmail.set(t.values.email.toLowerCase(), [...list, t]);
  }
}

const changedKeys = (current: ApplicationInsert, fields: ImportedFields) =>
  (Object.keys(fields) as Array<keyof ImportedFields>).filter((k) => current[k] !== fields[k]);

/**
 * Decides, without touching the database, what each valid row does. A row matches an application
 * of its meeting by passport number, else by e-mail (only one not already claimed by an earlier
 * row, so two people sharing an address stay two), and updates it; otherwise it creates one.
 * Status and owner of stored applications are never part of an update.
 */
export function planImport(input: {
  existing: ApplicationRow[];
  rows: ImportedRow[];
  ownerByEmail: Map<string, string>;
  actorId: string;
  now: Date;
}): ImportPlan {
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
  for (const row of input.existing)
    indexOf(row.meetingId).add({ values: { ...row }, original: row, touched: false });

  const targets: Target[] = [];
  const plan: ImportPlan = {
    writes: [],
    created: 0,
    matched: 0,
    unchanged: 0,
    updatedRecords: [],
    errors: [],
  };
  for (const row of input.rows) {
    const index = indexOf(row.meetingId);
    let target = index.byPassport.get(row.fields.passportKey);
    let how = "passport number";
    if (!target) {
      const free = (index.byEmail.get(row.fields.email) ?? []).filter((t) => t.original && !t.touched);
      if (free.length > 1) {
        plan.errors.push({
          name: row.name,
          error: "email: matches several applications of this meeting and the passport number none",
        });
        continue;
      }
      target = free[0];
      how = "email";
    }
    if (!target) {
      const created: Target = {
        values: {
          ...NEW_ROW_DEFAULTS,
          ...row.fields,
          id: randomUUID(),
          meetingId: row.meetingId,
          userId: input.ownerByEmail.get(row.fields.email) ?? null,
          status: "Pending",
          lastUpdatedById: input.actorId,
          createdAt: row.applicationDate ? new Date(`${row.applicationDate}T12:00:00.000Z`) : input.now,
          updatedAt: input.now,
        } as Target["values"],
        original: null,
        touched: true,
      };
      index.add(created);
      targets.push(created);
      plan.created++;
      continue;
    }
    plan.matched++;
    if (changedKeys(target.values, row.fields).length === 0) {
      plan.unchanged++;
      plan.updatedRecords.push({ name: row.name, reason: `No changes (matched by ${how})` });
    } else {
      Object.assign(target.values, row.fields);
      plan.updatedRecords.push({ name: row.name, reason: `Matched by ${how}` });
    }
    if (!target.touched) targets.push(target);
    target.touched = true;
    index.add(target);
  }

  for (const t of targets) {
    if (!t.original) plan.writes.push(t.values);
    else if (changedKeys(t.original, pickImported(t.values)).length > 0) {
      plan.writes.push({ ...t.values, updatedAt: input.now, lastUpdatedById: input.actorId });
    }
  }
  return plan;
}

function pickImported(values: ApplicationInsert): ImportedFields {
  const out: Record<string, unknown> = {};
  for (const k of IMPORTED_KEYS) out[k] = values[k];
  return out as ImportedFields;
}
