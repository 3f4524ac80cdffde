import type { AppContext } from "../context.js";
import { trackWork } from "../notifications/background-work.js";
import { currentLetter, revokeOrphanedLetters } from "./letter-issue.service.js";
import { loadApplication } from "./letter-pdf.service.js";

/** Signs and stores the letter of an approved application at once, so it is fixed from now on. */
async function issueNow(ctx: AppContext, applicationId: string): Promise<void> {
  const row = await loadApplication(ctx, applicationId);
  if (row?.application.status === "Approved") await currentLetter(ctx, row);
}

/**
 * Issues a letter when an application is approved or its letter is superseded; revokes the
 * letters of deleted applications. Revocations on a status change happen in the edit's own
 * transaction, and verification also checks the application, so a missed event changes nothing.
 */
export function subscribeLetterEvents(ctx: AppContext): void {
  ctx.events.on("application.updated", ({ applicationId, to }) => {
    if (to === "Approved") return trackWork(ctx, issueNow(ctx, applicationId));
  });
  ctx.events.on("letter.superseded", ({ applicationId }) => trackWork(ctx, issueNow(ctx, applicationId)));
  ctx.events.on("application.deleted", () => trackWork(ctx, revokeOrphanedLetters(ctx)));
}
