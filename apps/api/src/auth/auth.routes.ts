import { changePasswordSchema, loginSchema, registerSchema } from "@visa/domain";
import type { App, RouteDeps } from "../lib/app-type.js";
import { authTokenAnswer, meAnswer, messageAnswer, sessionMessageAnswer } from "../openapi/answers.js";
import { userPresenter } from "../users/user.presenter.js";
import { changePassword, login, register } from "./auth.service.js";
import { AUTH_BODY_LIMIT, failuresOnly, routeLimit } from "./auth-rate-limit.js";
import { actorOf } from "./guards.js";
import { endAllSessions, endSession, refreshSession } from "./session.service.js";

/** Sign-up, sign-in, session renewal and the signed-in user's own account. */
export async function authRoutes(app: App, { ctx, guards }: RouteDeps) {
  const perMinute = ctx.config.authRateLimit;
  // Each registration costs an argon2 hash: a client may not create accounts in bulk.
  const registerLimit = routeLimit(app, { name: "register", max: perMinute * 3 });
  const changePasswordLimit = routeLimit(app, {
    name: "change-password",
    max: perMinute,
    counts: failuresOnly,
  });
  app.post(
    "/api/auth/register",
    { schema: { body: registerSchema, response: { 201: authTokenAnswer } }, ...registerLimit },
    async (request, reply) => {
      const session = await register(ctx, request.body);
      return reply.code(201).send(session);
    },
  );

  // Only failures count: a client that has not failed is never refused the right password.
  const loginLimit = routeLimit(app, {
    name: "login",
    max: perMinute,
    byAddress: true,
    counts: failuresOnly,
  });
  app.post(
    "/api/auth/login",
    { schema: { body: loginSchema, response: { 200: authTokenAnswer } }, ...loginLimit },
    async (request) => login(ctx, request.body),
  );

  // 'Refresh Session' in the timeout dialog: a new token of the same session, never past its end.
  const bare = { bodyLimit: AUTH_BODY_LIMIT, preHandler: guards.user };
  app.post(
    "/api/auth/refresh",
    { ...bare, schema: { response: { 200: authTokenAnswer } } },
    async (request) => refreshSession(ctx, actorOf(request)),
  );

  app.post("/api/auth/logout", { ...bare, schema: { response: { 200: messageAnswer } } }, async (request) => {
    await endSession(ctx, actorOf(request));
    return { message: "Logged out" };
  });

  app.post(
    "/api/auth/logout-everywhere",
    { ...bare, schema: { response: { 200: messageAnswer } } },
    async (request) => {
      await endAllSessions(ctx, actorOf(request));
      return { message: "Logged out on every device" };
    },
  );

  app.post(
    "/api/auth/change-password",
    {
      ...changePasswordLimit,
      preHandler: [guards.user, changePasswordLimit.preHandler],
      schema: { body: changePasswordSchema, response: { 200: sessionMessageAnswer } },
    },
    async (request) => {
      const session = await changePassword(ctx, actorOf(request).userId, request.body);
      return { message: "Password changed successfully", ...session };
    },
  );

  // The session check has just read the account: answering needs no second query.
  app.get(
    "/api/auth/me",
    { preHandler: guards.user, schema: { response: { 200: meAnswer } } },
    async (request) => {
      const actor = actorOf(request);
      return {
        ...userPresenter({ ...actor, id: actor.userId }),
        tokenExpiresAt: new Date(actor.tokenExp * 1000).toISOString(),
      };
    },
  );
}
