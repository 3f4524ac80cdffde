import {
  CHANGES_REQUESTED_REVOCATION,
  changesRequestedReason,
  DEFAULT_REJECTION_REASONS,
  type RejectionReasonsDto,
} from "@visa/domain";
import { eq } from "drizzle-orm";
import type { Actor } from "../auth/guards.js";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/client.js";
import { applications, settings } from "../db/schema.js";
import { recordEvent, recordEvents } from "../history/history.service.js";
import { revokeLetter } from "../letters/letter-issue.service.js";
import { forbidden, notFound } from "../lib/errors.js";
import { notifyMessage } from "../notifications/notify.service.js";
import { APPLICATION_MESSAGES, reviewRefusal } from "./application.policy.js";

/** The application's row, locked for the caller's transaction; 404 when there is none. */
async function lockApplication(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(applications).where(eq(applications.id, id)).for("update");
  if (!row) throw notFound(APPLICATION_MESSAGES.notFound);
  return row;
}

/** An internal note on the application: in its history for admins, never shown to the applicant. */
export async function addNote(ctx: AppContext, actor: Actor, id: string, text: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockApplication(tx, id);
    await recordEvent(tx, { applicationId: id, kind: "note", actorId: actor.userId, text });
  });
}

/** A message to the applicant: kept in the history they see, and mailed to them. */
export async function sendMessage(ctx: AppContext, actor: Actor, id: string, text: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockApplication(tx, id);
    await recordEvent(tx, { applicationId: id, kind: "message", actorId: actor.userId, text });
  });
  await notifyMessage(ctx, id, false);
}

/**
 * Asks the applicant to correct the request: it becomes Pending again (an approval's letter is
 * revoked, the history naming the request for changes as the cause and the verification page
 * only "withdrawn") and editable by its owner until they save a change; the message is kept and
 * mailed.
 */
export async function requestChanges(ctx: AppContext, actor: Actor, id: string, text: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockApplication(tx, id);
    const refusal = reviewRefusal(row);
    if (refusal) throw forbidden(refusal);
    await tx
      .update(applications)
      .set({
        status: "Pending",
        statusReason: "",
        changesRequestedAt: new Date(),
        lastUpdatedById: actor.userId,
        updatedAt: new Date(),
      })
      .where(eq(applications.id, id));
    const letterRevoked = row.status === "Approved";
    if (letterRevoked) await revokeLetter(tx, id, CHANGES_REQUESTED_REVOCATION);
    await recordEvents(tx, [
      ...(row.status !== "Pending"
        ? [
            {
              applicationId: id,
              kind: "status_changed" as const,
              actorId: actor.userId,
              fromStatus: row.status,
              toStatus: "Pending",
              reason: changesRequestedReason(letterRevoked),
            },
          ]
        : []),
      { applicationId: id, kind: "changes_requested", actorId: actor.userId, text },
    ]);
  });
  // The request's own mail only, no status mail on top: the applicant hears about it once.
  await notifyMessage(ctx, id, true);
}

const REASONS_KEY = "rejection_reasons";

/** The organisation's rejection reasons (the defaults until an admin edits them). */
export async function rejectionReasons(ctx: AppContext): Promise<RejectionReasonsDto> {
  const [row] = await ctx.db.select().from(settings).where(eq(settings.key, REASONS_KEY));
  return { reasons: row ? (JSON.parse(row.value) as string[]) : [...DEFAULT_REJECTION_REASONS] };
}

/** Replaces the organisation's rejection reasons (duplicates dropped, order kept). */
export async function saveRejectionReasons(ctx: AppContext, reasons: string[]): Promise<RejectionReasonsDto> {
  const value = JSON.stringify([...new Set(reasons)]);
  await ctx.db
    .insert(settings)
    .values({ key: REASONS_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
  return rejectionReasons(ctx);
}
