import type { ApplicationStatus } from "./constants.js";

/** Who is asking: enough to decide what the browser may show; the server re-checks. */
export interface Actor {
  userId: string;
  isAdmin: boolean;
}

/** An owner edits only while Pending; an admin always may. */
export function canEditApplication(
  actor: Actor,
  app: { userId: string | null; status: ApplicationStatus },
): boolean {
  if (actor.isAdmin) return true;
  return app.userId === actor.userId && app.status === "Pending";
}

/** The owner or an admin may see an application. */
export function canViewApplication(actor: Actor, app: { userId: string | null }): boolean {
  return actor.isAdmin || app.userId === actor.userId;
}

/** The letter exists only for approved applications, for their owner or an admin. */
export function canDownloadLetter(
  actor: Actor,
  app: { userId: string | null; status: ApplicationStatus },
): boolean {
  return canViewApplication(actor, app) && app.status === "Approved";
}
