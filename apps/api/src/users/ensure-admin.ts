import { eq } from "drizzle-orm";
import { hashPassword } from "../auth/passwords.js";
import type { AppContext } from "../context.js";
import { users } from "../db/schema.js";

/** Creates the admin account, or promotes the existing one; an existing password is kept. */
export async function ensureAdmin(
  ctx: AppContext,
  input: { email: string; password: string; firstName?: string; lastName?: string },
): Promise<{ created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) {
    await ctx.db.update(users).set({ isAdmin: true, updatedAt: new Date() }).where(eq(users.id, existing.id));
    return { created: false };
  }
  await ctx.db.insert(users).values({
    email,
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName ?? "Admin",
    lastName: input.lastName ?? "User",
    isAdmin: true,
  });
  return { created: true };
}
