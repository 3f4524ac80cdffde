import type { AppContext } from "../context.js";
import { trackWork } from "../notifications/background-work.js";
import { currentLetter, revokeOrphanedLetters } from "./letter-issue.service.js";
import { loadApplication } from "./letter-pdf.service.js";

/** Signs and stores the letter of an approved application at once, so it is fixed from now on. */
async function issueNow(ctx: AppContext, applicationId: string): Promise<void> {
  const row = await loadApplication(ctx, applicationId);
  if (row?.application.status === "Approved") await currentLetter(ctx, row);
}

/** Issues the letters one after another, so other requests are answered between them. */
async function issueInTurn(ctx: AppContext, applicationIds: string[]): Promise<void> {
  for (const id of applicationIds) await issueNow(ctx, id);
}

/**
 * Issues a letter when an application is approved (by an admin, or created so by an import) or
 * its letter is superseded; revokes the letters of deleted applications. Revocations on a status change happen in the edit's own
 * transaction, and verification also checks the application, so a missed event changes nothing.
 */
export function subscribeLetterEvents(ctx: AppContext): void {
  ctx.events.on("application.updated", ({ applicationId, to }) => {
    if (to === "Approved") return trackWork(ctx, issueNow(ctx, applicationId));
  });
  ctx.events.on("applications.decided", ({ decided }) => {
    const approved = decided.filter((d) => d.to === "Approved").map((d) => d.applicationId);
    return trackWork(ctx, issueInTurn(ctx, approved));
  });
  ctx.events.on("letter.superseded", ({ applicationId }) => trackWork(ctx, issueNow(ctx, applicationId)));
  ctx.events.on("application.deleted", () => trackWork(ctx, revokeOrphanedLetters(ctx)));
}
