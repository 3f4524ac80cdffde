import { type ApplicationStatus, canDownloadLetter, canViewApplication } from "@visa/domain";

export interface LetterActor {
  userId: string;
  isAdmin: boolean;
}

export const LETTER_MESSAGES = {
  notFound: "Application not found",
  notApproved: "The visa letter is available only for approved applications",
  referenceNotFound: "No letter with this reference was found. Check the reference and try again.",
  noLetterLogo: "This letter's logo is not shown: the letter printed none, or the issuer has replaced it.",
} as const;

/**
 * Whether the actor may download the application's letter: "hidden" for someone else's
 * application (404, so ids reveal nothing), "notApproved" for the owner of one that is not
 * approved yet (403), "allowed" otherwise.
 */
export function letterAccess(
  actor: LetterActor,
  application: { userId: string | null; status: string },
): "allowed" | "hidden" | "notApproved" {
  const app = { userId: application.userId, status: application.status as ApplicationStatus };
  if (!canViewApplication(actor, app)) return "hidden";
  return canDownloadLetter(actor, app) ? "allowed" : "notApproved";
}
