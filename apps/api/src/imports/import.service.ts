import type { ImportResultDto } from "@visa/domain";
import { asc, inArray, sql } from "drizzle-orm";
import type { Actor } from "../auth/guards.js";
import type { AppContext } from "../context.js";
import { applications, meetings, users } from "../db/schema.js";
import { planImport } from "./import-plan.js";
import { IMPORTED_KEYS, type ImportedRow, meetingLookup, validateImportRow } from "./import-row.js";
import { readImportCsv } from "./read-import-csv.js";
import { upsertApplications } from "./write-applications.js";

// On a match only the imported columns (plus who and when) change: never status, owner or createdAt.
const UPDATE_KEYS = [...IMPORTED_KEYS, "updatedAt", "lastUpdatedById"] as const;

/**
 * Imports applications from a CSV file. Each row succeeds or fails on its own; matches are updated
 * in place, never duplicated; a file imported twice changes nothing the second time. The rows are
 * written in a few large statements inside one transaction that holds each meeting's import lock.
 */
export async function importApplications(
  ctx: AppContext,
  actor: Actor,
  data: Buffer,
): Promise<ImportResultDto & { unchanged: number }> {
  const csv = readImportCsv(data);
  const findMeeting = meetingLookup(
    await ctx.db.select({ id: meetings.id, name: meetings.name }).from(meetings),
  );
  const errors: ImportResultDto["errors"] = [];
  const rows: ImportedRow[] = [];
  for (const record of csv.records) {
    const result = validateImportRow(record, csv.columns, findMeeting);
    if (result.ok) rows.push(result.row);
    else errors.push({ name: result.name, error: result.error });
  }
  const meetingIds = [...new Set(rows.map((r) => r.meetingId))].sort();
  const emails = [...new Set(rows.map((r) => r.fields.email))];

  const plan = await ctx.db.transaction(async (tx) => {
    // Two imports into one meeting at once would both miss each other's new rows and duplicate them.
    for (const id of meetingIds) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${id}))`);
    const existing =
      meetingIds.length === 0
        ? []
        : await tx
            .select()
            .from(applications)
            .where(inArray(applications.meetingId, meetingIds))
            .orderBy(asc(applications.createdAt), asc(applications.id))
            .for("update");
    // In slices: a file may name more addresses than one statement can carry parameters (65,535).
    const owners: { id: string; email: string }[] = [];
    for (let i = 0; i < emails.length; i += 10_000) {
      owners.push(
        ...(await tx
          .select({ id: users.id, email: users.email })
          .from(users)
          .where(inArray(users.email, emails.slice(i, i + 10_000)))),
      );
    }
    const planned = planImport({
      existing,
      rows,
      ownerByEmail: new Map(owners.map((o) => [o.email.toLowerCase(), o.id])),
      actorId: actor.userId,
      now: new Date(),
    });
    await upsertApplications(tx, planned.writes, UPDATE_KEYS);
    return planned;
  });

  const allErrors = [...errors, ...plan.errors].sort((a, b) => rowNumberOf(a.name) - rowNumberOf(b.name));
  return {
    total: csv.records.length,
    successful: plan.created,
    updated: plan.matched,
    unchanged: plan.unchanged,
    failed: allErrors.length,
    updatedRecords: plan.updatedRecords,
    errors: allErrors,
  };
}

const rowNumberOf = (name: string) => Number(/^Row (\d+)/.exec(name)?.[1] ?? 0);
