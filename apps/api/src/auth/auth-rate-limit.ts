import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { App } from "../lib/app-type.js";

export const TOO_MANY_REQUESTS = "Too many requests. Please try again later.";

/** Requests larger than this on the sign-in routes are refused before they are parsed. */
export const AUTH_BODY_LIMIT = 16 * 1024;

/**
 * The client a request comes from: its address, an IPv6 one masked to its /64, since one host or
 * home is usually given a whole /64 and could otherwise count as 2^64 clients.
 */
export function clientKey(request: FastifyRequest): string {
  return normalizeIP(request.ip, 64);
}

export interface RouteLimitOptions {
  /** Names the route in the keys, so each route counts on its own. */
  name: string;
  /** Counted answers allowed per client (and per address from that client) in a minute. */
  max: number;
  /** Also limit per e-mail address of the body, together with the client. */
  byAddress?: boolean;
  /** Which answers count; by default every answer but the limit's own 429. */
  counts?: (statusCode: number) => boolean;
}

/** Counts only refusals: a user who types the right password is never slowed by their own success. */
export const failuresOnly = (statusCode: number) => statusCode >= 400 && statusCode !== 429;

/**
 * Hooks limiting one route through `@fastify/rate-limit` and its shared store. The client's count
 * is checked in onRequest, before the body is read or parsed, so a flood of large or deeply nested
 * bodies costs one lookup each; the address's count (keyed by address and client together, so no
 * one can lock another person out from elsewhere) once the body is validated. Answers are counted
 * in onSend, when their status is known: a route may count only its failures.
 */
export function routeLimit(app: App, options: RouteLimitOptions) {
  const { name, max } = options;
  const counts = options.counts ?? ((statusCode: number) => statusCode !== 429);
  const byClient = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => `${name}:client:${clientKey(request)}`,
  });
  const byAddress = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => `${name}:address:${emailOf(request.body)}|${clientKey(request)}`,
  });
  const refuse = (reply: FastifyReply, ttlSeconds: number) =>
    reply
      .code(429)
      .header("retry-after", String(Math.max(1, ttlSeconds)))
      .send({ message: TOO_MANY_REQUESTS });

  /**
   * Requests counted before their answer: while the embedded database is short of room (a sign-in
   * still goes ahead then, app.ts), a count it cannot store must fail the request (507), not let
   * an attempt go uncounted as a count after the answer would.
   */
  const countedFirst = new WeakSet<FastifyRequest>();

  return {
    bodyLimit: AUTH_BODY_LIMIT,
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      const state = await byClient(request, { increment: false });
      if (!state.isAllowed && state.remaining === 0) return refuse(reply, state.ttlInSeconds);
    },
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (app.ctx.database.writeProblem()) {
        countedFirst.add(request);
        const client = await byClient(request);
        if (!client.isAllowed && client.isExceeded) return refuse(reply, client.ttlInSeconds);
        if (!options.byAddress || !emailOf(request.body)) return;
        const address = await byAddress(request);
        if (!address.isAllowed && address.isExceeded) return refuse(reply, address.ttlInSeconds);
        return;
      }
      if (!options.byAddress || !emailOf(request.body)) return;
      const state = await byAddress(request, { increment: false });
      if (!state.isAllowed && state.remaining === 0) return refuse(reply, state.ttlInSeconds);
    },
    onSend: async (request: FastifyRequest, reply: FastifyReply) => {
      if (countedFirst.has(request) || !counts(reply.statusCode)) return;
      try {
        await byClient(request);
        if (options.byAddress && emailOf(request.body)) await byAddress(request);
      } catch (err) {
        // The answer is decided and stays. Thrown from here, the error would replace it with
        // Fastify's own, bypassing the app's error handler: the failed query with its key (the
        // client's address) in the body and the log. While the database fails, the route's own
        // work failed too and the answer says so; an answer it cannot count goes uncounted.
        request.log.warn({ code: errorCode(err) }, "rate-limit count not stored");
      }
    },
  };
}

/** The code of a failed statement's cause (a lost connection's ECONNREFUSED, PostgreSQL's SQLSTATE). */
function errorCode(err: unknown): string | undefined {
  const { code, cause } = (err ?? {}) as { code?: unknown; cause?: { code?: unknown } };
  const found = cause?.code ?? code;
  return typeof found === "string" ? found : undefined;
}

// Validated bodies hold the address lower-cased; a body that failed to parse has none.
function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email.toLowerCase() : undefined;
}
