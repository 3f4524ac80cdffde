import { z } from "zod";
import type { App, RouteDeps } from "../lib/app-type.js";
import { messageAnswer } from "../openapi/answers.js";
import { routeLimit } from "./auth-rate-limit.js";
import { sendVerificationLink, verifyEmail } from "./email-verification.service.js";
import { actorOf } from "./guards.js";

const tokenParams = z.object({ token: z.string().max(100) });
// Each resend is a mail to an address not yet proved: a few a minute per client is plenty.
const RESENDS_PER_MINUTE = 3;

/** The link that proves an account's address, and the signed-in user's "send it again". */
export async function emailVerificationRoutes(app: App, { ctx, guards }: RouteDeps) {
  app.post(
    "/api/auth/verify-email/:token",
    { schema: { params: tokenParams, response: { 200: messageAnswer } } },
    async (request) => verifyEmail(ctx, request.params.token),
  );

  const resendLimit = routeLimit(app, { name: "resend-verification", max: RESENDS_PER_MINUTE });
  const perAccount = app.createRateLimit({
    max: RESENDS_PER_MINUTE,
    timeWindow: 3600_000,
    keyGenerator: (request) => `resend-verification:account:${actorOf(request).userId}`,
  });
  app.post(
    "/api/auth/resend-verification",
    {
      ...resendLimit,
      schema: { response: { 202: messageAnswer, 429: messageAnswer } },
      preHandler: [
        guards.user,
        async (request, reply) => {
          const state = await perAccount(request);
          if (!state.isAllowed && state.isExceeded) {
            return reply
              .code(429)
              .header("retry-after", String(Math.max(1, state.ttlInSeconds)))
              .send({ message: "Too many verification e-mails. Please try again in an hour." });
          }
        },
      ],
    },
    async (request, reply) => reply.code(202).send(await sendVerificationLink(ctx, actorOf(request).userId)),
  );
}
