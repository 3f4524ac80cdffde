import { idField } from "@visa/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { App, RouteDeps } from "../lib/app-type.js";
import { messageAnswer } from "../openapi/answers.js";
import { routeLimit } from "./auth-rate-limit.js";
import { sendVerificationLink, sendVerificationLinkFor, verifyEmail } from "./email-verification.service.js";
import { actorOf } from "./guards.js";

const tokenParams = z.object({ token: z.string().max(100) });
const idParams = z.object({ id: idField });
// Each resend is a mail to an address not yet proved: a few a minute per client is plenty.
const RESENDS_PER_MINUTE = 3;

/** The link that proves an account's address, the signed-in user's "send it again" and an admin's. */
export async function emailVerificationRoutes(app: App, { ctx, guards }: RouteDeps) {
  app.post(
    "/api/auth/verify-email/:token",
    { schema: { params: tokenParams, response: { 200: messageAnswer } } },
    async (request) => verifyEmail(ctx, request.params.token),
  );

  const resendLimit = routeLimit(app, { name: "resend-verification", max: RESENDS_PER_MINUTE });
  // Counted per account, whoever asks (its owner or an admin): a mailbox gets a few an hour at most.
  const perAccount = app.createRateLimit({
    max: RESENDS_PER_MINUTE,
    timeWindow: 3600_000,
    keyGenerator: (request) => `resend-verification:account:${accountOf(request)}`,
  });
  const accountLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const state = await perAccount(request);
    if (!state.isAllowed && state.isExceeded) {
      return reply
        .code(429)
        .header("retry-after", String(Math.max(1, state.ttlInSeconds)))
        .send({ message: "Too many verification e-mails. Please try again in an hour." });
    }
  };
  app.post(
    "/api/auth/resend-verification",
    {
      ...resendLimit,
      schema: { response: { 202: messageAnswer, 429: messageAnswer } },
      preHandler: [guards.user, accountLimit],
    },
    async (request, reply) => reply.code(202).send(await sendVerificationLink(ctx, actorOf(request).userId)),
  );

  app.post(
    "/api/users/:id/verification-link",
    {
      onRequest: guards.admin,
      schema: { params: idParams, response: { 202: messageAnswer, 429: messageAnswer } },
      preHandler: accountLimit,
    },
    async (request, reply) => reply.code(202).send(await sendVerificationLinkFor(ctx, request.params.id)),
  );
}

/** The account a verification mail is asked for: the admin's target, or the signed-in user's own. */
function accountOf(request: FastifyRequest): string {
  const params = request.params as { id?: string };
  return params.id ?? actorOf(request).userId;
}
