import { eq, sql } from "drizzle-orm";
import { hashPassword } from "../auth/passwords.js";
import type { AppContext } from "../context.js";
import { users } from "../db/schema.js";
import { insertMailJob, kickMailWorker } from "../notifications/mail-jobs.js";
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
 * account's address, as every other password change does: whoever runs the command may not be
 * its owner. The notice is sent at once by the mail worker of the context's server, if it has
 * one, else at a server's next poll. Needs only the database and the configuration, so
 * command-line tools can use it; what it imports is compiled into chunks the commands share with
 * the server, so none of it may import the letters' code or the mail worker (mail-jobs.ts).
 */
export async function ensureAdmin(
  ctx: Pick<AppContext, "db" | "config">,
  input: { email: string; password: string; firstName?: string; lastName?: string; resetPassword?: boolean },
): Promise<EnsureAdminResult> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) {
    const passwordReset = !!input.resetPassword;
    const passwordHash = passwordReset ? await hashPassword(input.password) : undefined;
    const secretariat = passwordReset ? await secretariatOf(ctx) : undefined;
    const at = new Date();
    await ctx.db.transaction(async (tx) => {
      const [owner] = await tx
        .update(users)
        .set({
          isAdmin: true,
          // Named by whoever runs the server: treated as proved, as a new admin's address is.
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          updatedAt: at,
          ...(passwordHash ? { passwordHash, sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
        })
        .where(eq(users.id, existing.id))
        .returning({ email: users.email, firstName: users.firstName });
      if (owner && secretariat) {
        await insertMailJob(tx, passwordChangedMail(ctx, owner, "command", at, secretariat));
      }
    });
    if (passwordReset) kickMailWorker(ctx);
    return { created: false, passwordReset };
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
