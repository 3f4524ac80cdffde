import { forgotPasswordSchema, resetPasswordSchema } from "@visa/domain";
import { z } from "zod";
import type { App, RouteDeps } from "../lib/app-type.js";
import { loggableError } from "../lib/loggable-error.js";
import { trackWork } from "../notifications/background-work.js";
import { messageAnswer } from "../openapi/answers.js";
import { failuresOnly, routeLimit } from "./auth-rate-limit.js";
import {
  FORGOT_PASSWORD_ANSWER,
  RESET_PASSWORD_ANSWER,
  requestPasswordReset,
  resetPassword,
} from "./password-reset.service.js";

/** Forgotten passwords: a mailed single-use link, then a new password set with it. */
export async function passwordResetRoutes(app: App, { ctx }: RouteDeps) {
  // Every forgot-password request may send a mail, so each counts; only failed resets count.
  const perMinute = ctx.config.authRateLimit;
  const forgotLimit = routeLimit(app, { name: "forgot-password", max: perMinute, byAddress: true });
  const resetLimit = routeLimit(app, { name: "reset-password", max: perMinute, counts: failuresOnly });

  app.post(
    "/api/auth/forgot-password",
    { schema: { body: forgotPasswordSchema, response: { 200: messageAnswer } }, ...forgotLimit },
    async (request) => {
      // Answered before the work (look-up, token, mail) is done, so a known address takes no
      // longer to answer than an unknown one.
      const { email } = request.body;
      trackWork(ctx, requestPasswordReset(ctx, email, request.log)).catch((err) =>
        request.log.error({ err: loggableError(err) }, "password reset failed"),
      );
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    "/api/auth/reset-password/:token",
    {
      schema: {
        params: z.object({ token: z.string() }),
        body: resetPasswordSchema,
        response: { 200: messageAnswer },
      },
      ...resetLimit,
    },
    async (request) => {
      await resetPassword(ctx, request.params.token, request.body.password);
      return { message: RESET_PASSWORD_ANSWER };
    },
  );
}
