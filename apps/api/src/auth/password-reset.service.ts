import { createHash, randomBytes } from "node:crypto";
import { AUTH_MESSAGES } from "@visa/domain";
import { and, eq, gt, isNull, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../context.js";
import { passwordResets, users } from "../db/schema.js";
import { badRequest } from "../lib/errors.js";
import { loggableError } from "../lib/loggable-error.js";
import { setPassword } from "./auth.service.js";
import { announceVerified, markEmailVerified } from "./email-verification.service.js";

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const FORGOT_PASSWORD_ANSWER = "Check your email for password reset instructions";
export const RESET_PASSWORD_ANSWER = "Password reset successful. Please log in.";

// 32 random bytes in base64url: 43 characters from this alphabet.
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

/** Only the hash is stored, so a leaked table cannot be used to reset anyone's password. */
export function hashResetToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * Stores a one-hour, single-use token for the account with this address (if any) and mails the
 * link. Older unused links of that account stop working. Silent when no account matches, and a
 * mail failure is logged rather than answered, so the caller learns nothing either way.
 */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  log: FastifyBaseLogger,
): Promise<void> {
  const [user] = await ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.email, email));
  if (!user) return;
  const token = randomBytes(32).toString("base64url");
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashResetToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
  });
  // The link is never logged: it opens the account. Without SMTP it is in the outbox's mail.
  const link = `${ctx.config.publicUrl}/reset-password/${token}`;
  try {
    await ctx.mailer.send({
      to: user.email,
      subject: "Reset your Visa Letter Portal password",
      text: resetMailText(user.firstName, link),
    });
  } catch (err) {
    log.error({ userId: user.id, err: loggableError(err) }, "password reset mail failed");
  }
}

/**
 * Sets the password of the token's account, uses the token up, and ends that account's sessions.
 * The link reached the account's address, so the address counts as proved from now on.
 */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  if (!TOKEN_RE.test(token)) throw badRequest(AUTH_MESSAGES.invalidResetToken);
  const now = new Date();
  // One statement claims the token, so two concurrent uses cannot both succeed.
  const [claimed] = await ctx.db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResets.tokenHash, hashResetToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .returning({ id: passwordResets.id, userId: passwordResets.userId });
  if (!claimed) throw badRequest(AUTH_MESSAGES.invalidResetToken);
  await setPassword(ctx, claimed.userId, password, "reset");
  const [user] = await ctx.db.select({ email: users.email }).from(users).where(eq(users.id, claimed.userId));
  if (user) {
    const proved = await ctx.db.transaction((tx) => markEmailVerified(tx, claimed.userId, user.email));
    announceVerified(ctx, claimed.userId, proved);
  }
  await ctx.db
    .delete(passwordResets)
    .where(
      and(
        eq(passwordResets.userId, claimed.userId),
        isNull(passwordResets.usedAt),
        ne(passwordResets.id, claimed.id),
      ),
    );
}

function resetMailText(firstName: string, link: string): string {
  return [
    `Hello ${firstName},`,
    "",
    "Someone asked to reset the password of your Visa Letter Portal account.",
    "Open this link within one hour to choose a new password:",
    "",
    link,
    "",
    "The link works once. If you did not ask for this, ignore this message: your password stays as it is.",
  ].join("\n");
}
