import { eq, sql } from "drizzle-orm";
import { hashPassword } from "../auth/passwords.js";
import type { AppContext } from "../context.js";
import { users } from "../db/schema.js";

export interface EnsureAdminResult {
  created: boolean;
  /** An existing account's password was replaced (only when asked). */
  passwordReset: boolean;
}

/**
 * Creates the admin account, or promotes the existing one. An existing password is kept unless
 * `resetPassword` is set (the way back in for an operator locked out without mail); a reset ends
 * that account's sessions. Needs only the database, so command-line tools can use it.
 */
export async function ensureAdmin(
  ctx: Pick<AppContext, "db">,
  input: { email: string; password: string; firstName?: string; lastName?: string; resetPassword?: boolean },
): Promise<EnsureAdminResult> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) {
    const passwordChange = input.resetPassword
      ? { passwordHash: await hashPassword(input.password), sessionVersion: sql`${users.sessionVersion} + 1` }
      : {};
    await ctx.db
      .update(users)
      .set({
        isAdmin: true,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        updatedAt: new Date(),
        ...passwordChange,
      })
      .where(eq(users.id, existing.id));
    return { created: false, passwordReset: !!input.resetPassword };
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
