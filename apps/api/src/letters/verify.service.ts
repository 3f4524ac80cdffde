import { type LetterVerificationDto, normaliseLetterReference, normalisePassportNumber } from "@visa/domain";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { applications, letters, organisation } from "../db/schema.js";
import { notFound } from "../lib/errors.js";
import { ensureOrganisation } from "./letter-assets.js";
import { passportMatches } from "./letter-hashes.js";
import { LETTER_MESSAGES } from "./letters.policy.js";
import { verificationPresenter } from "./letters.presenter.js";

async function findLetter(ctx: AppContext, reference: string) {
  const canonical = normaliseLetterReference(reference);
  if (!canonical) throw notFound(LETTER_MESSAGES.referenceNotFound);
  const [row] = await ctx.db
    .select({ letter: letters, status: applications.status })
    .from(letters)
    .leftJoin(applications, eq(applications.id, letters.applicationId))
    .where(eq(letters.reference, canonical));
  if (!row) throw notFound(LETTER_MESSAGES.referenceNotFound);
  return row;
}

/** Who issued the letters, as the verification page names them. */
async function issuer(ctx: AppContext): Promise<LetterVerificationDto["organisation"]> {
  await ensureOrganisation(ctx);
  const [o] = await ctx.db
    .select({
      name: organisation.name,
      address: organisation.address,
      contact: organisation.contact,
      logoType: organisation.logoType,
    })
    .from(organisation);
  if (!o) throw new Error("organisation row missing");
  return { name: o.name, address: o.address, contact: o.contact, hasLogo: o.logoType !== null };
}

/**
 * What a consular officer may learn from a reference. A letter is valid only while it is not
 * revoked and its application still exists and is approved, whatever the event listeners did.
 */
export async function verifyLetter(ctx: AppContext, reference: string): Promise<LetterVerificationDto> {
  const [row, org] = await Promise.all([findLetter(ctx, reference), issuer(ctx)]);
  const valid = row.letter.revokedAt === null && row.status === "Approved";
  return verificationPresenter(row.letter, valid, org);
}

/** Whether the passport number (in any spelling) is the one on the letter; nothing else. */
export async function checkLetterPassport(
  ctx: AppContext,
  reference: string,
  passportNumber: string,
): Promise<{ match: boolean }> {
  const { letter } = await findLetter(ctx, reference);
  if (!letter.passportHash) return { match: false };
  // A stored number holds only letters and digits: what else was copied with it (a full stop, a
  // zero-width space from a PDF or an e-mail) must not turn the right number into "no match".
  const typed = normalisePassportNumber(passportNumber).replace(/[^\p{L}\p{N}]/gu, "");
  return { match: passportMatches(letter.passportHash, letter.reference, typed) };
}
