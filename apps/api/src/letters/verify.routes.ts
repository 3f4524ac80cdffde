import { z } from "zod";
import { FixedWindowLimiter } from "../auth/rate-limiter.js";
import type { App, RouteDeps } from "../lib/app-type.js";
import { HttpError } from "../lib/errors.js";
import { verifyLetter } from "./verify.service.js";

const VERIFY_PER_MINUTE = 30;
const referenceParams = z.object({ reference: z.string().max(64) });

/** Public verification of a letter by its reference: no session, rate limited per client. */
export async function verifyRoutes(app: App, { ctx }: RouteDeps) {
  // Per app instance, so each test app starts with fresh counts.
  const limiter = new FixedWindowLimiter(VERIFY_PER_MINUTE, 60_000);
  app.get("/api/verify/:reference", { schema: { params: referenceParams } }, async (request, reply) => {
    const { allowed, retryAfterSeconds } = limiter.hit(request.ip);
    if (!allowed) {
      reply.header("retry-after", String(retryAfterSeconds));
      throw new HttpError(429, "Too many verification requests. Please wait a minute and try again.");
    }
    reply.header("cache-control", "no-store");
    return verifyLetter(ctx, request.params.reference);
  });
}
