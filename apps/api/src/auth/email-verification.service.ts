import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, inArray, isNull, notExists, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/client.js";
import { applications, emailVerifications, users } from "../db/schema.js";
import { badRequest, conflict, notFound } from "../lib/errors.js";
import { enqueueMail } from "../notifications/mail-queue.js";

export const VERIFY_TOKEN_TTL_MS = 24 * 3600_000;
export const VERIFICATION_MESSAGES = {
  invalid: "This verification link is invalid or has expired. Sign in and send a new one.",
  verified: "Your e-mail address is verified.",
  sent: "We sent a new verification link to your e-mail address.",
  alreadyVerified: "Your e-mail address is already verified.",
  userAlreadyVerified: "This user's e-mail address is already verified.",
} as const;

const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;
const tokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * In the caller's transaction: the account's address counts as proved from now on, and the
 * imported applications sent to it that have no owner yet become the account's. True when this
 * call proved it (it was not proved before): the caller then emits "email.verified" once it has
 * committed (`announceVerified`).
 */
export async function markEmailVerified(db: DbOrTx, userId: string, email: string): Promise<boolean> {
  // Locked, so of two proofs at once (the link and a reset) only one finds the address unproved.
  const [user] = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .for("update");
  if (!user) return false;
  if (!user.verifiedAt)
    await db.update(users).set({ emailVerifiedAt: sql`now()` }).where(eq(users.id, userId));
  await db
    .update(applications)
    .set({ userId })
    .where(and(isNull(applications.userId), eq(sql`lower(${applications.email})`, email.toLowerCase())));
  return !user.verifiedAt;
}

/**
 * After the commit of a `markEmailVerified` that proved the address: the mail held back while it
 * was unproved (the letters of approvals meanwhile) may go now.
 */
export function announceVerified(ctx: AppContext, userId: string, proved: boolean): void {
  if (proved) ctx.events.emit("email.verified", { userId });
}

/**
 * Mails a new single-use link (24 hours) to the account's current address, unless it is proved
 * already; older unused links of the account stop working. Only the token's hash is stored.
 * `news`: the link is sent because mail about the account's requests is held for it
 * (`askToVerify`), which its first line says.
 */
export async function sendVerificationLink(
  ctx: AppContext,
  userId: string,
  { news = false } = {},
): Promise<{ message: string }> {
  const [user] = await ctx.db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return { message: VERIFICATION_MESSAGES.sent };
  if (user.verifiedAt) return { message: VERIFICATION_MESSAGES.alreadyVerified };
  const token = randomBytes(32).toString("base64url");
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(emailVerifications)
      .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
    await tx.insert(emailVerifications).values({
      userId,
      email: user.email,
      tokenHash: tokenHash(token),
      expiresAt: new Date(Date.now() + VERIFY_TOKEN_TTL_MS),
    });
  });
  await enqueueMail(ctx, {
    kind: "message",
    to: user.email,
    subject: "Verify your e-mail address for the Visa Letter Portal",
    text: [
      ...(news
        ? [
            "Mail about your requests in the Visa Letter Portal is waiting: we send it only to a verified address.",
          ]
        : []),
      "Please confirm that this address belongs to your Visa Letter Portal account by opening this link within 24 hours:",
      `${ctx.config.publicUrl}/verify-email/${token}`,
      "Until the address is verified, we send it no mail about your requests, and requests the meeting's secretariat imported for it are not shown in your account. Once it is verified, we e-mail you where each of your requests stands, with any messages from the secretariat you have not seen.",
      "If you did not create an account, ignore this message.",
    ].join("\n\n"),
  });
  return { message: VERIFICATION_MESSAGES.sent };
}

/**
 * An admin's "send a verification link" for someone's account (an applicant who says no mail came):
 * the link goes to the account's own address, as the applicant's own resend sends it.
 */
export async function sendVerificationLinkFor(ctx: AppContext, userId: string): Promise<{ message: string }> {
  const [user] = await ctx.db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  if (user.verifiedAt) throw conflict(VERIFICATION_MESSAGES.userAlreadyVerified);
  await sendVerificationLink(ctx, userId);
  return { message: `A verification link was sent to ${user.email}.` };
}

/**
 * Mail about the requests of these accounts was held because their addresses are unproved (an
 * approval's letter, say): each that has no link it can still use is sent one (`news`), so the
 * applicant learns that something waits for the verification. At most one live link an account:
 * a day of decisions sends one mail, not one a decision.
 */
export async function askToVerify(ctx: AppContext, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const liveLink = ctx.db
    .select({ id: emailVerifications.id })
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.userId, users.id),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, sql`now()`),
      ),
    );
  const waiting = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), isNull(users.emailVerifiedAt), notExists(liveLink)));
  for (const { id } of waiting) await sendVerificationLink(ctx, id, { news: true });
}

/** Uses up a verification link: the address it was sent to is proved, if it is still the account's. */
export async function verifyEmail(ctx: AppContext, token: string): Promise<{ message: string }> {
  if (!TOKEN_RE.test(token)) throw badRequest(VERIFICATION_MESSAGES.invalid);
  const now = new Date();
  const verified = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailVerifications)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerifications.tokenHash, tokenHash(token)),
          isNull(emailVerifications.usedAt),
          gt(emailVerifications.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerifications.userId, email: emailVerifications.email });
    if (!claimed) throw badRequest(VERIFICATION_MESSAGES.invalid);
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, claimed.userId));
    if (user?.email !== claimed.email) throw badRequest(VERIFICATION_MESSAGES.invalid);
    return { userId: claimed.userId, proved: await markEmailVerified(tx, claimed.userId, claimed.email) };
  });
  announceVerified(ctx, verified.userId, verified.proved);
  return { message: VERIFICATION_MESSAGES.verified };
}
