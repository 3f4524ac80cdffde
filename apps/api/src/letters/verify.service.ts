import { type LetterVerificationDto, normaliseLetterReference, normalisePassportNumber } from "@visa/domain";
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { applications, letters, organisation } from "../db/schema.js";
import { notFound } from "../lib/errors.js";
import { ensureOrganisation } from "./letter-assets.js";
import { passportMatches } from "./letter-hashes.js";
import { LETTER_MESSAGES } from "./letters.policy.js";
import { type CurrentIssuer, showsLogo, verificationPresenter } from "./letters.presenter.js";
import { letterImageFromStore } from "./organisation-image.js";

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

/** The issuer as it is today, with its logo's SHA-256 (computed by the database, not fetched). */
async function currentIssuer(ctx: AppContext): Promise<CurrentIssuer> {
  await ensureOrganisation(ctx);
  const [o] = await ctx.db
    .select({
      name: organisation.name,
      address: organisation.address,
      contact: organisation.contact,
      logoSha256: sql<string | null>`encode(sha256(${organisation.logo}), 'hex')`,
    })
    .from(organisation);
  if (!o) throw new Error("organisation row missing");
  return o;
}

/**
 * What a consular officer may learn from a reference. A letter is valid only while it is not
 * revoked and its application still exists and is approved, whatever the event listeners did.
 */
export async function verifyLetter(ctx: AppContext, reference: string): Promise<LetterVerificationDto> {
  const [row, issuer] = await Promise.all([findLetter(ctx, reference), currentIssuer(ctx)]);
  const valid = row.letter.revokedAt === null && row.status === "Approved";
  return verificationPresenter(row.letter, valid, issuer);
}

// The logo last sent as the letters print it, by the stored bytes' hash: one stored at full size
// by an older version is scaled once, not at every page view.
const printedLogos = new WeakMap<AppContext, { sha256: string; data: Promise<Buffer> }>();

function printedLogo(ctx: AppContext, sha256: string, stored: Buffer): Promise<Buffer> {
  const last = printedLogos.get(ctx);
  if (last?.sha256 === sha256) return last.data;
  const data = letterImageFromStore("logo", stored);
  printedLogos.set(ctx, { sha256, data });
  return data;
}

/**
 * The logo the verification page shows beside the letter's issuer: the one the letter printed,
 * while the organisation still uses it (a replaced one is not kept), as letters print it; 404
 * otherwise. It is the one the letter printed when the stored bytes' SHA-256 is the one the
 * letter kept (letters hash the stored bytes, not the scaled copy they print).
 */
export async function letterLogo(
  ctx: AppContext,
  reference: string,
): Promise<{ data: Buffer; type: string }> {
  const { letter } = await findLetter(ctx, reference);
  const [logo] = await ctx.db
    .select({
      data: organisation.logo,
      type: organisation.logoType,
      sha256: sql<string | null>`encode(sha256(${organisation.logo}), 'hex')`,
    })
    .from(organisation);
  if (!logo?.data || !logo.type || !logo.sha256 || !showsLogo(letter, logo.sha256)) {
    throw notFound(LETTER_MESSAGES.noLetterLogo);
  }
  return { data: await printedLogo(ctx, logo.sha256, logo.data), type: logo.type };
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
