import type { FastifyReply, FastifyRequest } from "fastify";
import { FixedWindowLimiter } from "./rate-limiter.js";

export const TOO_MANY_REQUESTS = "Too many requests. Please try again later.";

type Dimension = "client" | "email";

/**
 * A preHandler limiting one route to `perMinute` requests per client (IP) and, when asked, per
 * e-mail address in the body. Both counts are taken on every request, so rotating addresses does
 * not help a client and spreading over clients does not help against one address.
 */
export function authRateLimit(perMinute: number, dimensions: Dimension[]) {
  const limiter = new FixedWindowLimiter(perMinute, 60_000);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    let retryAfter = 0;
    for (const dimension of dimensions) {
      const key = dimension === "client" ? request.ip : emailOf(request.body);
      if (!key) continue;
      const result = limiter.hit(`${dimension}:${key}`);
      if (!result.allowed) retryAfter = Math.max(retryAfter, result.retryAfterSeconds);
    }
    if (retryAfter > 0) {
      return reply.code(429).header("retry-after", String(retryAfter)).send({ message: TOO_MANY_REQUESTS });
    }
  };
}

// The body has been validated (and the address lower-cased) before preHandlers run.
function emailOf(body: unknown): string | undefined {
  const email = (body as { email?: unknown } | undefined)?.email;
  return typeof email === "string" ? email : undefined;
}
