import type { LetterVerificationDto } from "@visa/domain";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { applications, letters } from "../db/schema.js";
import { notFound } from "../lib/errors.js";
import { LETTER_MESSAGES } from "./letters.policy.js";
import { verificationPresenter } from "./letters.presenter.js";
import { normaliseLetterReference } from "./reference.js";

/**
 * What a consular officer may learn from a reference. A letter is valid only while it is not
 * revoked and its application still exists and is approved, whatever the event listeners did.
 */
export async function verifyLetter(ctx: AppContext, reference: string): Promise<LetterVerificationDto> {
  const canonical = normaliseLetterReference(reference);
  if (!canonical) throw notFound(LETTER_MESSAGES.referenceNotFound);
  const [row] = await ctx.db
    .select({ letter: letters, status: applications.status })
    .from(letters)
    .leftJoin(applications, eq(applications.id, letters.applicationId))
    .where(eq(letters.reference, canonical));
  if (!row) throw notFound(LETTER_MESSAGES.referenceNotFound);
  const valid = row.letter.revokedAt === null && row.status === "Approved";
  return verificationPresenter(row.letter, valid);
}
