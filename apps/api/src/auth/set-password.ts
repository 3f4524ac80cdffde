import { eq, type SQL, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { users } from "../db/schema.js";
import { insertMailJob, kickMailWorker } from "../notifications/mail-jobs.js";
import {
  type PasswordChangedBy,
  passwordChangedMail,
  secretariatOf,
} from "../notifications/password-changed.js";
import { hashPassword } from "./passwords.js";

/** Columns a caller changes in the same statement as the password (ensureAdmin: the admin's). */
export interface AlsoSet {
  isAdmin?: boolean;
  emailVerifiedAt?: SQL;
}

/**
 * Stores a new password for the user and ends every session issued before it, in one
 * transaction that also queues the owner's password-changed notice; once committed, this
 * process's mail worker (if it has one) sends it at once. An unproved address gets no notice,
 * except after a reset: its link proved it. Resolves to the updated user, or undefined when there
 * is no such user (nothing is written then).
 *
 * Shared by the API (`setPassword`) and `npm run admin -- --reset-password` (`ensureAdmin`):
 * commands load it too, so, like mail-jobs.ts, it must import neither the letters' code nor the
 * mail worker (`scripts/build.mjs` fails naming the file that does).
 */
export async function storeNewPassword(
  ctx: Pick<AppContext, "db" | "config">,
  userId: string,
  password: string,
  by: PasswordChangedBy,
  alsoSet: AlsoSet = {},
) {
  const passwordHash = await hashPassword(password);
  const secretariat = await secretariatOf(ctx);
  const at = new Date();
  const user = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ ...alsoSet, passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: at })
      .where(eq(users.id, userId))
      .returning({
        id: users.id,
        isAdmin: users.isAdmin,
        sessionVersion: users.sessionVersion,
        email: users.email,
        firstName: users.firstName,
        verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      });
    if (user && (user.verified || by === "reset")) {
      await insertMailJob(tx, passwordChangedMail(ctx, user, by, at, secretariat));
    }
    return user;
  });
  kickMailWorker(ctx);
  return user;
}
