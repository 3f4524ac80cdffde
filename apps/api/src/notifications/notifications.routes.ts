import { idField } from "@visa/domain";
import { z } from "zod";
import type { App, RouteDeps } from "../lib/app-type.js";
import { messageAnswer } from "../openapi/answers.js";
import { resendLetter } from "./notify.service.js";

const idParams = z.object({ id: idField });

/** Admin action: e-mail an approved application's letter to the applicant again. */
export async function notificationRoutes(app: App, { ctx, guards }: RouteDeps) {
  app.post(
    "/api/applications/:id/letter/resend",
    { onRequest: guards.admin, schema: { params: idParams, response: { 202: messageAnswer } } },
    async (request, reply) => reply.code(202).send(await resendLetter(ctx, request.params.id)),
  );
}
