import { eq, sql } from "drizzle-orm";
import { hashPassword } from "../auth/passwords.js";
import type { AppContext } from "../context.js";
import { users } from "../db/schema.js";
import { insertMailJob } from "../notifications/mail-queue.js";
import { passwordChangedMail, secretariatOf } from "../notifications/password-changed.js";

export interface EnsureAdminResult {
  created: boolean;
  /** An existing account's password was replaced (only when asked); its owner's notice is queued. */
  passwordReset: boolean;
}

/**
 * Creates the admin account, or promotes the existing one. An existing password is kept unless
 * `resetPassword` is set (the way back in for an operator locked out without mail); a reset ends
 * that account's sessions and, in its transaction, queues the password-changed notice to the
 * account's address, as every other password change does: whoever runs the command may not be its
 * owner. Needs only the database and the configuration, so command-line tools can use it.
 */
export async function ensureAdmin(
  ctx: Pick<AppContext, "db" | "config">,
  input: { email: string; password: string; firstName?: string; lastName?: string; resetPassword?: boolean },
): Promise<EnsureAdminResult> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing && input.resetPassword) {
    await resetAdminPassword(ctx, existing.id, input.password);
    return { created: false, passwordReset: true };
  }
  if (existing) {
    await ctx.db
      .update(users)
      .set({
        isAdmin: true,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, existing.id));
    return { created: false, passwordReset: false };
  }
  await ctx.db.insert(users).values({
    email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName ?? "Admin",
    lastName: input.lastName ?? "User",
    isAdmin: true,
    // Named by whoever runs the server: the first admin's address needs no link.
    emailVerifiedAt: new Date(),
  });
  return { created: true, passwordReset: false };
}

/** Promotes the account, replaces its password, ends its sessions and queues the owner's notice. */
async function resetAdminPassword(
  ctx: Pick<AppContext, "db" | "config">,
  id: string,
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const secretariat = await secretariatOf(ctx);
  const at = new Date();
  await ctx.db.transaction(async (tx) => {
    const [owner] = await tx
      .update(users)
      .set({
        isAdmin: true,
        // The operator named this address: it is treated as proved, as a new admin's is.
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        passwordHash,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        updatedAt: at,
      })
      .where(eq(users.id, id))
      .returning({ email: users.email, firstName: users.firstName });
    if (owner) await insertMailJob(tx, passwordChangedMail(ctx, owner, "command", at, secretariat));
  });
}
