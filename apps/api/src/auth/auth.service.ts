import {
  AUTH_MESSAGES,
  type AuthTokenDto,
  type Login,
  type PasswordChange,
  type Registration,
} from "@visa/domain";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { users } from "../db/schema.js";
import { badRequest, conflict, HttpError, notFound } from "../lib/errors.js";
import type { PasswordChangedBy } from "../notifications/password-changed.js";
import { sendVerificationLink } from "./email-verification.service.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { storeNewPassword } from "./set-password.js";
import { newSession, type SessionRef, signToken } from "./tokens.js";

type SessionUser = { id: string; isAdmin: boolean; sessionVersion: number };

/**
 * A token for the user, in the answer shape of login and register: of a new session, or a renewal
 * of the given one (which never passes that session's end).
 */
export async function issueSession(
  ctx: AppContext,
  user: SessionUser,
  session: SessionRef = newSession(ctx.config.sessionMaxAgeSeconds),
): Promise<AuthTokenDto> {
  const { jwtSecret, tokenTtlSeconds } = ctx.config;
  const { token, expiresAt } = await signToken(jwtSecret, user, tokenTtlSeconds, session);
  return {
    token,
    userId: user.id,
    role: user.isAdmin ? "admin" : "user",
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * Creates an account, mails the link that proves its address, and signs it in. Imported
 * applications sent to the address become the account's only once the link is used.
 */
export async function register(ctx: AppContext, input: Registration): Promise<AuthTokenDto> {
  const passwordHash = await hashPassword(input.password);
  const [user] = await ctx.db
    .insert(users)
    .values({
      email: input.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!user) throw conflict(AUTH_MESSAGES.userExists);
  await sendVerificationLink(ctx, user.id);
  return issueSession(ctx, user);
}

/** Checks e-mail and password; the two failures answer differently on purpose (product.md). */
export async function login(ctx: AppContext, input: Login): Promise<AuthTokenDto> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email));
  if (!user) throw notFound(AUTH_MESSAGES.userNotFound);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    throw new HttpError(401, AUTH_MESSAGES.incorrectPassword);
  }
  return issueSession(ctx, user);
}

/**
 * Sets a new password, ends every session issued before it, and queues the owner's notice with
 * the change (`storeNewPassword`).
 */
export async function setPassword(
  ctx: AppContext,
  userId: string,
  password: string,
  by: PasswordChangedBy,
): Promise<SessionUser> {
  const user = await storeNewPassword(ctx, userId, password, by);
  if (!user) throw notFound("User not found");
  return { id: user.id, isAdmin: user.isAdmin, sessionVersion: user.sessionVersion };
}

/** Changes the signed-in user's own password after checking the current one; returns a new session. */
export async function changePassword(
  ctx: AppContext,
  userId: string,
  input: PasswordChange,
): Promise<AuthTokenDto> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound("User not found");
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw badRequest(AUTH_MESSAGES.currentPasswordIncorrect, ["currentPassword"]);
  }
  const updated = await setPassword(ctx, userId, input.newPassword, "self");
  return issueSession(ctx, updated);
}
