import { CREATES_PER_HOUR } from "@visa/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { actorOf } from "../auth/guards.js";
import type { App } from "../lib/app-type.js";

/**
 * Hooks limiting application creation per account through `@fastify/rate-limit`'s shared store:
 * checked after the session guard, counted only for applications actually created.
 */
export function createApplicationLimit(app: App) {
  const limit = app.createRateLimit({
    max: CREATES_PER_HOUR,
    timeWindow: 3600_000,
    keyGenerator: (request) => `create-application:${actorOf(request).userId}`,
  });
  return {
    preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
      const state = await limit(request, { increment: false });
      if (state.isAllowed || state.remaining > 0) return;
      return reply
        .code(429)
        .header("retry-after", String(Math.max(1, state.ttlInSeconds)))
        .send({ message: "You have created many applications in a short time. Please try again later." });
    },
    onSend: async (request: FastifyRequest, reply: FastifyReply) => {
      if (reply.statusCode === 201) await limit(request);
    },
  };
}
