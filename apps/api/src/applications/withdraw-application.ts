import type { ApplicationDto } from "@visa/domain";
import { eq } from "drizzle-orm";
import type { Actor } from "../auth/guards.js";
import type { AppContext } from "../context.js";
import { applications } from "../db/schema.js";
import { recordEvent } from "../history/history.service.js";
import { revokeLetter } from "../letters/letter-issue.service.js";
import { forbidden, notFound } from "../lib/errors.js";
import { APPLICATION_MESSAGES, canSeeApplication, withdrawRefusal } from "./application.policy.js";
import { getApplication, reviewColumns } from "./application.service.js";

/**
 * The applicant withdraws their Pending or Approved request: it becomes Rejected on the wire
 * (the spec's statuses) with `withdrawnAt` set, its letter is revoked as withdrawn, and the
 * history says so. No status mail goes out: the applicant did it.
 */
export async function withdrawApplication(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<ApplicationDto> {
  await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(applications).where(eq(applications.id, id)).for("update");
    if (!current || !canSeeApplication(actor, current)) throw notFound(APPLICATION_MESSAGES.notFound);
    const refusal = withdrawRefusal(actor, current);
    if (refusal) throw forbidden(refusal);
    const now = new Date();
    await tx
      .update(applications)
      .set({
        ...reviewColumns(actor, current, "Rejected", APPLICATION_MESSAGES.withdrawReason),
        status: "Rejected",
        withdrawnAt: now,
        lastUpdatedById: actor.userId,
        updatedAt: now,
      })
      .where(eq(applications.id, id));
    await recordEvent(tx, {
      applicationId: id,
      kind: "status_changed",
      actorId: actor.userId,
      fromStatus: current.status,
      toStatus: "Rejected",
      reason: APPLICATION_MESSAGES.withdrawReason,
    });
    if (current.status === "Approved") await revokeLetter(tx, id, "withdrawn");
  });
  return getApplication(ctx, actor, id);
}
