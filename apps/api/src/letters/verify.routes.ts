import { normaliseLetterReference, passportCheckSchema } from "@visa/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { clientKey } from "../auth/auth-rate-limit.js";
import type { App, RouteDeps } from "../lib/app-type.js";
import { HttpError } from "../lib/errors.js";
import { fileAnswer, verificationAnswer } from "../openapi/answers.js";
import { checkLetterPassport, letterLogo, verifyLetter } from "./verify.service.js";

const VERIFY_PER_MINUTE = 30;
// Guessing a letter's passport number must be slow: a few tries an hour per letter, from any
// number of clients. A client may check more in all: a consulate checks many applicants' letters
// from one address, and each letter's own limit still holds.
const PASSPORT_CHECKS_PER_LETTER_HOUR = 10;
const PASSPORT_CHECKS_PER_CLIENT_HOUR = 100;
const referenceParams = z.object({ reference: z.string().max(64) });

/** The letter a request names, in its canonical spelling: every spelling shares one count. */
function letterKey(request: FastifyRequest): string {
  const { reference } = request.params as { reference: string };
  return normaliseLetterReference(reference) ?? reference.toUpperCase();
}

/** Public verification of a letter by its reference: no session, rate limited per client. */
export async function verifyRoutes(app: App, { ctx }: RouteDeps) {
  // A page view asks for the letter's details, then its logo. Counted together, a consulate was
  // refused after 15 pages a minute, on the logo first when a page before had none: each is
  // counted on its own, so a client may open 30 pages a minute with their logos.
  const perMinute = (name: string) => ({
    max: VERIFY_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `${name}:${clientKey(request)}`,
    errorResponseBuilder: () =>
      new HttpError(429, "Too many verification requests. Please wait a minute and try again."),
  });
  const options = {
    schema: { params: referenceParams, response: { 200: verificationAnswer } },
    config: { rateLimit: perMinute("verify") },
  };
  app.get("/api/verify/:reference", options, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return verifyLetter(ctx, request.params.reference);
  });

  const hourly = (max: number, keyOf: (request: FastifyRequest) => string) =>
    app.createRateLimit({ max, timeWindow: 3600_000, keyGenerator: keyOf });
  const passportLimits = [
    hourly(PASSPORT_CHECKS_PER_CLIENT_HOUR, (request) => `verify-passport:client:${clientKey(request)}`),
    hourly(PASSPORT_CHECKS_PER_LETTER_HOUR, (request) => `verify-passport:letter:${letterKey(request)}`),
  ];
  const limitPassportChecks = async (request: FastifyRequest, reply: FastifyReply) => {
    for (const limit of passportLimits) {
      const state = await limit(request);
      if (!state.isAllowed && state.isExceeded) {
        reply.header("retry-after", String(Math.max(1, state.ttlInSeconds)));
        throw new HttpError(429, "Too many passport checks. Please try again in an hour.");
      }
    }
  };
  app.post(
    "/api/verify/:reference/passport",
    {
      schema: {
        params: referenceParams,
        body: passportCheckSchema,
        response: { 200: z.object({ match: z.boolean() }) },
      },
      bodyLimit: 4096,
      preHandler: limitPassportChecks,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return checkLetterPassport(ctx, request.params.reference, request.body.passportNumber);
    },
  );

  // The logo beside the letter's issuer on its page: public, like the letters that print it.
  const logoSchema = {
    params: referenceParams,
    response: {
      200: fileAnswer(
        "image/png",
        "The logo the letter printed, as letters print it (PNG or JPEG, scaled to fit)",
      ),
    },
  };
  app.get(
    "/api/verify/:reference/logo",
    { schema: logoSchema, config: { rateLimit: perMinute("verify-logo") } },
    async (request, reply) => {
      const image = await letterLogo(ctx, request.params.reference);
      return reply.type(image.type).header("cache-control", "public, max-age=300").send(image.data);
    },
  );
}
