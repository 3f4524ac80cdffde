import { AUTH_MESSAGES } from "@visa/domain";
import { eq, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../context.js";
import { endedSessions, users } from "../db/schema.js";
import { forbidden, unauthorized } from "../lib/errors.js";
import { verifyToken } from "./tokens.js";

export interface Actor {
  userId: string;
  isAdmin: boolean;
  email: string;
  firstName: string;
  lastName: string;
  /** When the account was made: with the fields above, all GET /api/auth/me answers. */
  createdAt: Date;
  /** When the account's address was proved; null until then. */
  emailVerifiedAt: Date | null;
  /** Expiry of the token this request carried, seconds since the epoch. */
  tokenExp: number;
  /** The session the token belongs to, and when it ends (seconds since the epoch). */
  sessionId: string;
  sessionExpiresAt: number;
}

declare module "fastify" {
  interface FastifyRequest {
    actor?: Actor;
  }
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The session check every authenticated request runs (the account, and whether Logout ended the
 * token's session): prepared once per database (named, so a
 * PostgreSQL server plans it once per connection) instead of built by the query builder per request.
 */
function prepareSessionQuery(ctx: AppContext) {
  return ctx.db
    .select({
      id: users.id,
      isAdmin: users.isAdmin,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      sessionVersion: users.sessionVersion,
      createdAt: users.createdAt,
      emailVerifiedAt: users.emailVerifiedAt,
      sessionEnded: sql<boolean>`exists (select 1 from ${endedSessions} where ${endedSessions.id} = ${sql.placeholder("sid")})`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare("session_user");
}

/** Finds who sent the request from its Bearer token; null when there is no valid session. */
async function resolveActor(
  ctx: AppContext,
  sessionQuery: ReturnType<typeof prepareSessionQuery>,
  request: FastifyRequest,
): Promise<Actor | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith("Bearer ")) return null;
  const claims = verifyToken(ctx.config.jwtSecret, header.slice(7).trim());
  if (!claims || !UUID_RE.test(claims.userId) || !UUID_RE.test(claims.sid)) return null;
  const [user] = await sessionQuery.execute({ id: claims.userId, sid: claims.sid });
  // A bumped session version ends every session of the account; an ended session, this one.
  if (!user || user.sessionVersion !== claims.sv || user.sessionEnded) return null;
  // The role comes from the database, so a demotion takes effect at once.
  return {
    userId: user.id,
    isAdmin: user.isAdmin,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    createdAt: user.createdAt,
    emailVerifiedAt: user.emailVerifiedAt,
    tokenExp: claims.exp,
    sessionId: claims.sid,
    sessionExpiresAt: claims.sexp,
  };
}

/** preHandlers for routes: any signed-in user, or admins only. */
export function createGuards(ctx: AppContext) {
  const sessionQuery = prepareSessionQuery(ctx);
  const user = async (request: FastifyRequest, _reply: FastifyReply) => {
    const actor = await resolveActor(ctx, sessionQuery, request);
    if (!actor) throw unauthorized(AUTH_MESSAGES.sessionExpired);
    request.actor = actor;
  };
  const admin = async (request: FastifyRequest, reply: FastifyReply) => {
    await user(request, reply);
    if (!request.actor?.isAdmin) throw forbidden(AUTH_MESSAGES.adminOnly);
  };
  return { user, admin };
}

/** The actor of a guarded route. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized(AUTH_MESSAGES.sessionExpired);
  return request.actor;
}
