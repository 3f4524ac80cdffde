import type { AuthTokenDto } from "@visa/domain";
import { eq, lte, sql } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { endedSessions, users } from "../db/schema.js";
import { unauthorized } from "../lib/errors.js";
import { issueSession } from "./auth.service.js";
import type { Actor } from "./guards.js";

/** 'Refresh Session': a new token of the actor's own session, never past that session's end. */
export async function refreshSession(ctx: AppContext, actor: Actor): Promise<AuthTokenDto> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.userId));
  if (!user) throw unauthorized();
  return issueSession(ctx, user, { id: actor.sessionId, expiresAt: actor.sessionExpiresAt });
}

/** Ends the actor's session on the server: every token of it, older or newer, is refused from now on. */
export async function endSession(ctx: AppContext, actor: Actor): Promise<void> {
  await ctx.db
    .insert(endedSessions)
    .values({ id: actor.sessionId, userId: actor.userId, endsAt: new Date(actor.sessionExpiresAt * 1000) })
    .onConflictDoNothing();
  // A row is needed only until its session would have ended by itself.
  await ctx.db.delete(endedSessions).where(lte(endedSessions.endsAt, sql`now()`));
}

/** Ends every session of the actor's account, on every device ('Log out everywhere'). */
export async function endAllSessions(ctx: AppContext, actor: Actor): Promise<void> {
  await ctx.db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(eq(users.id, actor.userId));
}
