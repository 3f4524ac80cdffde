import type { AppContext } from "../context.js";
import { trackWork } from "../notifications/background-work.js";
import { revokeLetters, revokeOrphanedLetters } from "./letter-issue.service.js";

/**
 * Revokes letters when their application stops being approved or is deleted. Verification also
 * checks the application itself, so a missed event cannot leave a revoked letter valid.
 */
export function subscribeLetterEvents(ctx: AppContext): void {
  ctx.events.on("application.updated", ({ applicationId, from, to }) => {
    if (from === "Approved" && to !== "Approved") return trackWork(ctx, revokeLetters(ctx, applicationId));
  });
  ctx.events.on("application.deleted", () => trackWork(ctx, revokeOrphanedLetters(ctx)));
}
