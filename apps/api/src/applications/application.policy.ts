import {
  type ApplicationStatus,
  AUTH_MESSAGES,
  canEditApplication,
  canViewApplication,
  WITHDRAWAL_REASON,
} from "@visa/domain";

/** Who is asking, as far as authorization cares. */
export interface PolicyActor {
  userId: string;
  isAdmin: boolean;
}

/** What authorization needs to know about an application. */
export interface PolicyApplication {
  userId: string | null;
  status: ApplicationStatus | string;
  meetingId: string;
}

export const APPLICATION_MESSAGES = {
  notFound: "Application not found",
  onlyPendingEditable: "Only a Pending application can be edited",
  onlyAdminStatus: "Only an admin may change status",
  onlyAdminMeetingOfApproved: "Only an admin may change the meeting of an approved application",
  noUploadWhenRejected: "Documents cannot be added to a rejected application",
  noUploadWhenWithdrawn: "Documents cannot be added to a request you withdrew",
  noDocumentDelete: "Documents can be removed only while the application is Pending",
  withdrawOnlyOwn: "Only the applicant can withdraw a request",
  withdrawOnlyOpen: "Only a Pending or Approved request can be withdrawn",
  // The reason a withdrawal's history entry carries; the web recognises a withdrawal by it.
  withdrawReason: WITHDRAWAL_REASON,
  changedSinceRead:
    "Someone changed this application after you opened it, so nothing was saved. Choose Cancel to see the current version, then edit it again.",
  withdrawnNoDecision:
    "The applicant withdrew this request. To reopen it, edit the request and set its status.",
} as const;

const asStatus = (s: string) => s as ApplicationStatus;

/**
 * Whether the actor may know the application exists. Others get 404 rather than 403, so ids of
 * other people's applications reveal nothing.
 */
export function canSeeApplication(actor: PolicyActor, app: PolicyApplication): boolean {
  return canViewApplication(actor, app);
}

/** Why the actor may not read the admin list (everyone's applications), or null when allowed. */
export function adminListRefusal(actor: PolicyActor): string | null {
  return actor.isAdmin ? null : AUTH_MESSAGES.adminOnly;
}

/**
 * Why the actor may not apply this update, or null when allowed. A user's status is refused only
 * when it differs from the stored one: a form that sends back the status it showed is harmless.
 */
export function updateRefusal(
  actor: PolicyActor,
  app: PolicyApplication,
  change: { status?: string; meeting?: string },
): string | null {
  if (actor.isAdmin) return null;
  if (!canEditApplication(actor, { userId: app.userId, status: asStatus(app.status) })) {
    return APPLICATION_MESSAGES.onlyPendingEditable;
  }
  if (change.status !== undefined && change.status !== app.status)
    return APPLICATION_MESSAGES.onlyAdminStatus;
  if (change.meeting !== undefined && change.meeting !== app.meetingId && app.status === "Approved") {
    return APPLICATION_MESSAGES.onlyAdminMeetingOfApproved;
  }
  return null;
}

/**
 * Why a review action (approve or reject, alone or in bulk, or a request for changes) may not
 * touch the application, or null when it may. A request its applicant withdrew is reopened only
 * on purpose, by an admin's edit of its status: a decision made from a list or the review bar
 * would otherwise mail a letter to someone who said they no longer need it.
 */
export function reviewRefusal(app: { withdrawnAt: Date | null }): string | null {
  return app.withdrawnAt ? APPLICATION_MESSAGES.withdrawnNoDecision : null;
}

/**
 * An application's version as an HTTP entity tag: the time of its last change. An edit sent with
 * `If-Match` is applied only to that version, so a form opened before someone else's change (an
 * admin's approval, the applicant's edit in another tab) cannot silently undo it.
 */
export const applicationEtag = (updatedAt: Date | string) =>
  `"${typeof updatedAt === "string" ? updatedAt : updatedAt.toISOString()}"`;

/** Whether an If-Match header (absent, `*`, or a list of entity tags) admits this version. */
export function matchesVersion(ifMatch: string | undefined, updatedAt: Date): boolean {
  if (ifMatch === undefined) return true;
  const tags = ifMatch.split(",").map((t) => t.trim());
  return tags.includes("*") || tags.includes(applicationEtag(updatedAt));
}

/**
 * Owners may add supporting documents until the application is rejected or withdrawn (an approved
 * applicant may still need to send a renewed passport scan); admins always may. A withdrawn one is
 * Rejected on the wire, but the refusal names the applicant's own act, not a rejection.
 */
export function uploadRefusal(
  actor: PolicyActor,
  app: PolicyApplication & { withdrawnAt?: Date | null },
): string | null {
  if (actor.isAdmin) return null;
  if (app.withdrawnAt) return APPLICATION_MESSAGES.noUploadWhenWithdrawn;
  return app.status === "Rejected" ? APPLICATION_MESSAGES.noUploadWhenRejected : null;
}

/** Owners remove documents only while they may still edit; admins always may. */
export function documentDeleteRefusal(actor: PolicyActor, app: PolicyApplication): string | null {
  if (actor.isAdmin) return null;
  return app.status === "Pending" ? null : APPLICATION_MESSAGES.noDocumentDelete;
}

/**
 * Why the actor may not withdraw the application, or null when allowed: its owner may, while it
 * is Pending or Approved and not already withdrawn.
 */
export function withdrawRefusal(
  actor: PolicyActor,
  app: PolicyApplication & { withdrawnAt: Date | null },
): string | null {
  if (app.userId !== actor.userId) return APPLICATION_MESSAGES.withdrawOnlyOwn;
  if (app.withdrawnAt || (app.status !== "Pending" && app.status !== "Approved")) {
    return APPLICATION_MESSAGES.withdrawOnlyOpen;
  }
  return null;
}
