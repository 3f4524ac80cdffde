import { idField, letterPreviewSchema, letterTemplateSchema } from "@visa/domain";
import { z } from "zod";
import type { App, RouteDeps } from "../lib/app-type.js";
import { fileAnswer, templateAnswer } from "../openapi/answers.js";
import { previewLetter } from "./letter-pdf.service.js";
import { deleteTemplate, getTemplate, saveTemplate } from "./templates.service.js";

const meetingParams = z.object({ meetingId: idField });

/** Letter templates per meeting, and a preview rendered from sample data before saving. */
export async function templateRoutes(app: App, { ctx, guards }: RouteDeps) {
  app.get(
    "/api/letters/templates/:meetingId",
    { onRequest: guards.admin, schema: { params: meetingParams, response: { 200: templateAnswer } } },
    async (request) => getTemplate(ctx, request.params.meetingId),
  );

  app.put(
    "/api/letters/templates/:meetingId",
    {
      onRequest: guards.admin,
      schema: { params: meetingParams, body: letterTemplateSchema, response: { 200: templateAnswer } },
    },
    async (request) => saveTemplate(ctx, request.params.meetingId, request.body),
  );

  app.delete(
    "/api/letters/templates/:meetingId",
    { onRequest: guards.admin, schema: { params: meetingParams, response: { 200: templateAnswer } } },
    async (request) => deleteTemplate(ctx, request.params.meetingId),
  );

  app.post(
    "/api/letters/preview",
    {
      onRequest: guards.admin,
      schema: {
        body: letterPreviewSchema,
        response: { 200: fileAnswer("application/pdf", "A preview of the letter with sample data") },
      },
    },
    async (request, reply) => {
      const pdf = await previewLetter(ctx, request.body);
      return reply
        .type("application/pdf")
        .header("content-disposition", 'inline; filename="letter-preview.pdf"')
        .header("cache-control", "private, no-store")
        .send(pdf);
    },
  );
}
