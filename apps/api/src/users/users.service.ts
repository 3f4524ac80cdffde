import { AUTH_MESSAGES, type AuthTokenDto, type CreateUser, type UpdateUser } from "@visa/domain";
import { and, eq, ne } from "drizzle-orm";
import { issueSession, setPassword } from "../auth/auth.service.js";
import {
  announceVerified,
  markEmailVerified,
  sendVerificationLink,
} from "../auth/email-verification.service.js";
import type { Actor } from "../auth/guards.js";
import { hashPassword } from "../auth/passwords.js";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/client.js";
import { applications, roleChanges, users } from "../db/schema.js";
import { conflict, notFound } from "../lib/errors.js";
import { isUniqueViolation } from "../lib/pg-errors.js";
import { roleChangeRefusal, USER_MESSAGES, userDeletionRefusal } from "./users.policy.js";

type UserRow = typeof users.$inferSelect;

/**
 * Creates an account for someone (admin or not). An admin vouches for the address: the account is
 * verified and receives the imported applications sent to its e-mail.
 */
export async function createUser(ctx: AppContext, input: CreateUser): Promise<UserRow> {
  const { password, ...fields } = input;
  const passwordHash = await hashPassword(password);
  const { user, proved } = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({ ...fields, passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning();
    if (!created) throw conflict(AUTH_MESSAGES.userExists);
    const proved = await markEmailVerified(tx, created.id, created.email);
    return { user: { ...created, emailVerifiedAt: created.emailVerifiedAt ?? new Date() }, proved };
  });
  announceVerified(ctx, user.id, proved);
  return user;
}

/**
 * Changes a user's name and e-mail; an e-mail already used by another account is refused. A new
 * address is not proved by the change: the account is unverified until the link mailed to it is used.
 */
export async function updateUser(ctx: AppContext, id: string, input: UpdateUser): Promise<UserRow> {
  const result = await ctx.db
    .transaction(async (tx) => {
      const [clash] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, input.email), ne(users.id, id)));
      if (clash) throw conflict(AUTH_MESSAGES.userExists);
      const [current] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id));
      if (!current) throw notFound(USER_MESSAGES.notFound);
      const moved = current.email !== input.email;
      const [updated] = await tx
        .update(users)
        .set({ ...input, updatedAt: new Date(), ...(moved ? { emailVerifiedAt: null } : {}) })
        .where(eq(users.id, id))
        .returning();
      if (!updated) throw notFound(USER_MESSAGES.notFound);
      return { updated, moved };
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw conflict(AUTH_MESSAGES.userExists);
      throw err;
    });
  if (result.moved) await sendVerificationLink(ctx, id);
  return result.updated;
}

/** Makes a user an admin or a plain user, recording who did it; the last admin stays an admin. At once. */
export async function setUserRole(
  ctx: AppContext,
  actor: Actor,
  id: string,
  isAdmin: boolean,
): Promise<UserRow> {
  return ctx.db.transaction(async (tx) => {
    const adminCount = await lockAdmins(tx);
    const target = await lockUser(tx, id);
    const refusal = roleChangeRefusal(target, isAdmin, adminCount);
    if (refusal) throw conflict(refusal);
    const [updated] = await tx
      .update(users)
      .set({ isAdmin, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!updated) throw notFound(USER_MESSAGES.notFound);
    // Recorded with who did it, in the same transaction: no change without its record.
    if (target.isAdmin !== isAdmin) {
      await tx.insert(roleChanges).values({ userId: id, changedById: actor.userId, madeAdmin: isAdmin });
    }
    return updated;
  });
}

/**
 * Sets a user's password for them and ends their sessions. When admins set their own, the
 * answer carries a fresh session so they stay signed in.
 */
export async function setUserPasswordByAdmin(
  ctx: AppContext,
  actor: Actor,
  id: string,
  password: string,
): Promise<AuthTokenDto | null> {
  const updated = await setPassword(ctx, id, password, id === actor.userId ? "self" : "admin");
  return updated.id === actor.userId ? issueSession(ctx, updated) : null;
}

/**
 * Deletes a user together with their applications (and so their documents) in one transaction,
 * then announces each deleted application. Returns how many applications went with them.
 */
export async function deleteUser(ctx: AppContext, actor: Actor, id: string): Promise<number> {
  const deletedIds = await ctx.db.transaction(async (tx) => {
    const adminCount = await lockAdmins(tx);
    const target = await lockUser(tx, id);
    const refusal = userDeletionRefusal(actor.userId, target, adminCount);
    if (refusal) throw conflict(refusal);
    const removed = await tx
      .delete(applications)
      .where(eq(applications.userId, id))
      .returning({ id: applications.id });
    await tx.delete(users).where(eq(users.id, id));
    return removed.map((r) => r.id);
  });
  for (const applicationId of deletedIds) ctx.events.emit("application.deleted", { applicationId });
  return deletedIds.length;
}

// Every admin-count decision locks the admin rows first (always in this order), so two admins
// demoting or deleting each other at the same moment cannot both succeed.
async function lockAdmins(tx: DbOrTx): Promise<number> {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for("update");
  return admins.length;
}

async function lockUser(tx: DbOrTx, id: string): Promise<{ id: string; isAdmin: boolean }> {
  const [target] = await tx
    .select({ id: users.id, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, id))
    .for("update");
  if (!target) throw notFound(USER_MESSAGES.notFound);
  return target;
}
