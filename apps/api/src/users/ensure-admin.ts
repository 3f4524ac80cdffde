import { eq, sql } from "drizzle-orm";
import { hashPassword } from "../auth/passwords.js";
import { storeNewPassword } from "../auth/set-password.js";
import type { AppContext } from "../context.js";
import { users } from "../db/schema.js";

export interface EnsureAdminResult {
  created: boolean;
  /** An existing account's password was replaced (only when asked); its owner's notice is queued. */
  passwordReset: boolean;
}

/**
 * Creates the admin account, or promotes the existing one. An existing password is kept unless
 * `resetPassword` is set (the way back in for an operator locked out without mail); a reset is the
 * API's own password change (`storeNewPassword`): it ends that account's sessions and, in its
 * transaction, queues the password-changed notice to the account's address, as every other
 * password change does: whoever runs the command may not be its owner. The notice is sent at once
 * by the mail worker of the context's server, if it has one, else at a server's next poll. Needs
 * only the database and the configuration, so command-line tools can use it; what it imports is
 * compiled into chunks the commands share with the server, so none of it may import the letters'
 * code or the mail worker (mail-queue.ts); mail-jobs.ts, which only queues mail, is the part it uses.
 */
export async function ensureAdmin(
  ctx: Pick<AppContext, "db" | "config">,
  input: { email: string; password: string; firstName?: string; lastName?: string; resetPassword?: boolean },
): Promise<EnsureAdminResult> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) {
    // Named by whoever runs the server: treated as proved, as a new admin's address is.
    const promote = { isAdmin: true, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` };
    if (input.resetPassword) {
      // Whoever runs the command may not be the account's owner: the owner is told, as always.
      await storeNewPassword(ctx, existing.id, input.password, "command", promote);
      return { created: false, passwordReset: true };
    }
    await ctx.db
      .update(users)
      .set({ ...promote, updatedAt: new Date() })
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
