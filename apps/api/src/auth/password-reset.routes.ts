import { forgotPasswordSchema, resetPasswordSchema } from "@visa/domain";
import { z } from "zod";
import type { App, RouteDeps } from "../lib/app-type.js";
import { authRateLimit } from "./auth-rate-limit.js";
import {
  FORGOT_PASSWORD_ANSWER,
  RESET_PASSWORD_ANSWER,
  requestPasswordReset,
  resetPassword,
} from "./password-reset.service.js";

/** Forgotten passwords: a mailed single-use link, then a new password set with it. */
export async function passwordResetRoutes(app: App, { ctx }: RouteDeps) {
  const forgotLimit = authRateLimit(ctx.config.authRateLimit, ["client", "email"]);
  const resetLimit = authRateLimit(ctx.config.authRateLimit, ["client"]);

  app.post(
    "/api/auth/forgot-password",
    { schema: { body: forgotPasswordSchema }, preHandler: forgotLimit },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email, request.log);
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    "/api/auth/reset-password/:token",
    {
      schema: { params: z.object({ token: z.string() }), body: resetPasswordSchema },
      preHandler: resetLimit,
    },
    async (request) => {
      await resetPassword(ctx, request.params.token, request.body.password);
      return { message: RESET_PASSWORD_ANSWER };
    },
  );
}
