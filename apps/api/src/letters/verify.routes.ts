import type { FastifyRequest } from "fastify";
import { z } from "zod";
import { clientKey } from "../auth/auth-rate-limit.js";
import type { App, RouteDeps } from "../lib/app-type.js";
import { HttpError } from "../lib/errors.js";
import { verifyLetter } from "./verify.service.js";

const VERIFY_PER_MINUTE = 30;
const referenceParams = z.object({ reference: z.string().max(64) });

/** Public verification of a letter by its reference: no session, rate limited per client. */
export async function verifyRoutes(app: App, { ctx }: RouteDeps) {
  const rateLimit = {
    max: VERIFY_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `verify:${clientKey(request)}`,
    errorResponseBuilder: () =>
      new HttpError(429, "Too many verification requests. Please wait a minute and try again."),
  };
  const options = { schema: { params: referenceParams }, config: { rateLimit } };
  app.get("/api/verify/:reference", options, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return verifyLetter(ctx, request.params.reference);
  });
}
