import {
  type ApplicationStatus,
  type BulkActionRequest,
  type BulkResultDto,
  bulkMessage,
} from "@visa/domain";
import { inArray } from "drizzle-orm";
import type { Actor } from "../auth/guards.js";
import type { AppContext } from "../context.js";
import { applications } from "../db/schema.js";
import { recordEvents } from "../history/history.service.js";
import { revokeLetter } from "../letters/letter-issue.service.js";
import { unprintableApplication } from "../letters/printable-text.js";
import { resendLetters } from "../notifications/notify.service.js";
import { APPLICATION_MESSAGES, reviewRefusal } from "./application.policy.js";

type Skipped = BulkResultDto["skipped"];
const TARGET: Record<"approve" | "reject", ApplicationStatus> = { approve: "Approved", reject: "Rejected" };
const nameOf = (a: { firstName: string; lastName: string }) => `${a.firstName} ${a.lastName}`;

/**
 * Approves or rejects many applications in one transaction: every row is locked, each one not
 * already in the target status and not withdrawn by its applicant changes (a rejection keeps its reason and revokes a letter; an
 * approval needs fields its letter can print), and the rest are listed with why. Applicants are told and letters issued after the commit.
 */
async function decide(
  ctx: AppContext,
  actor: Actor,
  ids: string[],
  action: "approve" | "reject",
  reason: string,
  seen: Partial<Record<string, string>> = {},
): Promise<{ changed: number; skipped: Skipped }> {
  const to = TARGET[action];
  const { changed, skipped } = await ctx.db.transaction(async (tx) => {
    const rows = await tx.select().from(applications).where(inArray(applications.id, ids)).for("update");
    const skipped: Skipped = ids
      .filter((id) => !rows.some((r) => r.id === id))
      .map((id) => ({ _id: id, name: "", reason: "Application not found" }));
    /** Why a row stays as it is, or null when it moves. */
    const refusalOf = (r: (typeof rows)[number]): string | null => {
      if (reviewRefusal(r)) return APPLICATION_MESSAGES.withdrawReason;
      const saw = seen[r.id];
      if (saw !== undefined && saw !== r.status)
        return `Changed to ${r.status} by someone else since you chose it`;
      if (r.status === to) return `Already ${to}`;
      // An approval issues the letter: what it prints must be printable, older stored values included.
      return to === "Approved" ? unprintableApplication(r) : null;
    };
    const moving = rows.filter((r) => {
      const refusal = refusalOf(r);
      if (!refusal) return true;
      skipped.push({ _id: r.id, name: nameOf(r), reason: refusal });
      return false;
    });
    if (moving.length === 0) return { changed: moving, skipped };
    await tx
      .update(applications)
      .set({
        status: to,
        statusReason: to === "Rejected" ? reason : "",
        changesRequestedAt: null,
        lastUpdatedById: actor.userId,
        updatedAt: new Date(),
      })
      .where(
        inArray(
          applications.id,
          moving.map((r) => r.id),
        ),
      );
    // A bulk decision approves or rejects: an approved request that moves is being rejected.
    for (const r of moving) {
      if (r.status === "Approved") await revokeLetter(tx, r.id, "rejected");
    }
    await recordEvents(
      tx,
      moving.map((r) => ({
        applicationId: r.id,
        kind: "status_changed" as const,
        actorId: actor.userId,
        fromStatus: r.status,
        toStatus: to,
        reason: to === "Rejected" ? reason : "",
      })),
    );
    return { changed: moving, skipped };
  });
  // One event for them all: a page of 100 approvals signs its letters one after another and queues
  // its mails in one transaction, instead of 100 signings and 100 transactions at once.
  if (changed.length > 0) {
    ctx.events.emit("applications.decided", {
      actorId: actor.userId,
      decided: changed.map((r) => ({ applicationId: r.id, from: r.status, to })),
    });
  }
  return { changed: changed.length, skipped };
}

/**
 * Queues the letter of each approved application again; the others are listed with why. All go
 * into the queue together or, on a fault, none: the admin may try again without anyone receiving
 * a letter twice.
 */
async function resendAll(ctx: AppContext, ids: string[]): Promise<{ changed: number; skipped: Skipped }> {
  const { queued, refused } = await resendLetters(ctx, ids);
  const skipped: Skipped = refused.map(({ applicationId, subject, refusal }) => ({
    _id: applicationId,
    name: subject ? nameOf(subject) : "",
    reason: refusal.message,
  }));
  return { changed: queued.length, skipped };
}

/** One action on many applications (admins only): how many changed, and why the others did not. */
export async function bulkAction(
  ctx: AppContext,
  actor: Actor,
  input: BulkActionRequest,
): Promise<BulkResultDto> {
  const ids = [...new Set(input.ids)];
  const { changed, skipped } =
    input.action === "resend"
      ? await resendAll(ctx, ids)
      : await decide(ctx, actor, ids, input.action, input.reason ?? "", input.seen);
  return {
    action: input.action,
    changed,
    skipped,
    message: bulkMessage(input.action, changed, skipped.length),
  };
}
