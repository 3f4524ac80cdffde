import type { ImportResultDto } from "@visa/domain";
import type { Actor } from "../auth/guards.js";
import type { AppContext } from "../context.js";
import { meetings } from "../db/schema.js";
import { supersedeChangedLetters } from "../letters/letter-issue.service.js";
import { slashEvidenceOf, slashOrderNote } from "./import-dates.js";
import { matchRowsOfLiveApplications } from "./import-deleted.js";
import { keepErrorReport } from "./import-error-report.js";
import { recordImportHistory } from "./import-history.js";
import { planImport } from "./import-plan.js";
import {
  deletedApplicationIds,
  deletionsRecordedSince,
  existingApplicationIds,
  lockMeetings,
  meetingsCreatedAt,
  ownersByEmail,
  storedKeys,
  storedValues,
} from "./import-reads.js";
import { type ImportedRow, meetingLookup, validateImportRow } from "./import-row.js";
import { portalChangesSinceExport } from "./import-staleness.js";
import { type RecordVisitor, readImportCsv } from "./read-import-csv.js";
import { insertApplications, updateImportedColumns } from "./write-applications.js";

type ImportResult = ImportResultDto & { unchanged: number; reissued: number; errorReportId: string | null };

/**
 * Imports applications from a CSV file. Each row succeeds or fails on its own; matches are updated
 * in place, never duplicated; a file imported twice changes nothing the second time; a row of an
 * export never overwrites a field the portal changed after that export, nor adds back a request
 * deleted since. Memory stays
 * close to one compact copy of the valid rows: each row is validated as it is parsed, matching
 * reads only the stored applications' keys, and only the matched ones' imported columns are loaded.
 * Everything is written inside one transaction that holds each meeting's import lock.
 */
export async function importApplications(ctx: AppContext, actor: Actor, data: Buffer): Promise<ImportResult> {
  const findMeeting = meetingLookup(
    await ctx.db.select({ id: meetings.id, name: meetings.name }).from(meetings),
  );
  const slashEvidence = await slashEvidenceOf(data, ctx.config.importMaxRows);
  const rows: ImportedRow[] = [];
  const errors: ImportResultDto["errors"] = [];
  const visit: RecordVisitor = (record, columns, encoding) => {
    const result = validateImportRow(record, columns, findMeeting, slashEvidence, encoding);
    if (result.ok) rows.push(result.row);
    else errors.push({ name: result.name, error: result.error });
  };
  const { total, unknownColumns } = await readImportCsv(data, visit, ctx.config.importMaxRows);
  const meetingIds = [...new Set(rows.map((r) => r.meetingId))];

  const plan = await ctx.db.transaction(async (tx) => {
    await lockMeetings(tx, meetingIds);
    // Taken once the locks are held: a waiting import's rows are newer than those it waited for.
    const now = new Date();
    const exportedIds = [...new Set(rows.flatMap((r) => (r.applicationId ? [r.applicationId] : [])))];
    const { matches, errors: ambiguous } = matchRowsOfLiveApplications(
      await storedKeys(tx, meetingIds),
      rows,
      {
        existing: await existingApplicationIds(tx, exportedIds),
        deleted: await deletedApplicationIds(tx, exportedIds),
        recordedSince: await deletionsRecordedSince(tx),
        meetingCreatedAt: await meetingsCreatedAt(tx, meetingIds),
      },
    );
    errors.push(...ambiguous);
    const created = matches.filter((m) => m.how === "new");
    const newIds = new Set(created.map((m) => m.id));
    const storedIds = new Set(matches.filter((m) => !newIds.has(m.id)).map((m) => m.id));
    const stored = await storedValues(tx, [...storedIds]);
    const planned = planImport({
      matches,
      stored,
      ownerByEmail: await ownersByEmail(tx, [...new Set(created.map((m) => m.row.fields.email))]),
      now,
      changedSince: await portalChangesSinceExport(tx, matches),
    });
    errors.push(...planned.stale);
    await insertApplications(tx, planned.inserts, { now });
    await updateImportedColumns(tx, planned.updates, { actorId: actor.userId, now });
    await recordImportHistory(tx, actor.userId, planned, stored);
    const superseded = await supersedeChangedLetters(
      tx,
      planned.updates.map((u) => u.id),
    );
    return { ...planned, superseded };
  });
  for (const applicationId of plan.superseded) ctx.events.emit("letter.superseded", { applicationId });
  // A new application the file approves or rejects goes the way an admin's decision goes: the
  // applicant is told, and an approval's letter is issued and mailed.
  const decided = plan.inserts.flatMap((created) =>
    created.status === "Pending" ? [] : [{ applicationId: created.id, from: "Pending", to: created.status }],
  );
  const approved = decided.filter((d) => d.to === "Approved").length;
  if (decided.length > 0) ctx.events.emit("applications.decided", { actorId: actor.userId, decided });

  // A large import changes the table enough for the planner's statistics to matter.
  if (plan.inserts.length + plan.updates.length >= BULK_WRITE_ROWS) {
    await ctx.database.analyzeAfterBulkWrite("applications");
  }
  errors.sort((a, b) => rowNumberOf(a.name) - rowNumberOf(b.name));
  return {
    // The whole list, all of it, as a CSV file to download for an hour.
    errorReportId: errors.length > 0 ? await keepErrorReport(ctx, actor, errors) : null,
    total,
    successful: plan.created,
    updated: plan.matched,
    unchanged: plan.unchanged,
    reissued: plan.superseded.length,
    failed: errors.length,
    // The count is whole; the list stops at the first MAX_LISTED_ERRORS, so a file of bad rows
    // cannot make an answer of tens of megabytes.
    approved,
    unknownColumns,
    notes: [slashOrderNote(slashEvidence)].filter((note) => note !== null),
    updatedRecords: plan.updatedRecords,
    errors: errors.slice(0, MAX_LISTED_ERRORS),
  };
}

export const MAX_LISTED_ERRORS = 1_000;

const BULK_WRITE_ROWS = 1_000;
const rowNumberOf = (name: string) => Number(/^Row (\d+)/.exec(name)?.[1] ?? 0);
