import { idField } from "@visa/domain";
import { z } from "zod";
import { actorOf } from "../auth/guards.js";
import type { App, RouteDeps } from "../lib/app-type.js";
import { loggableError } from "../lib/loggable-error.js";
import { fileAnswer } from "../openapi/answers.js";
import { attachmentHeader } from "./letter-filename.js";
import { downloadLetter } from "./letter-pdf.service.js";
import { meetingLettersZip } from "./letter-zip.service.js";

const idParams = z.object({ id: idField });
const meetingParams = z.object({ meetingId: idField });

/** The letter of one application, and every approved letter of a meeting as a ZIP. */
export async function letterDownloadRoutes(app: App, { ctx, guards }: RouteDeps) {
  app.get(
    "/api/applications/:id/pdf",
    {
      onRequest: guards.user,
      schema: { params: idParams, response: { 200: fileAnswer("application/pdf", "The signed letter") } },
    },
    async (request, reply) => {
      const letter = await downloadLetter(ctx, actorOf(request), request.params.id);
      return reply
        .type("application/pdf")
        .header("content-disposition", attachmentHeader(letter.filename, letter.asciiFilename))
        .header("cache-control", "private, no-store")
        .send(letter.pdf);
    },
  );

  app.get(
    "/api/letters/meetings/:meetingId/zip",
    {
      onRequest: guards.admin,
      schema: {
        params: meetingParams,
        response: { 200: fileAnswer("application/zip", "Every approved application's letter") },
      },
    },
    async (request, reply) => {
      const zip = await meetingLettersZip(ctx, request.params.meetingId, (err) =>
        request.log.error({ err: loggableError(err) }, "letters ZIP failed"),
      );
      return reply
        .type("application/zip")
        .header("content-disposition", attachmentHeader(zip.filename, zip.asciiFilename))
        .header("cache-control", "private, no-store")
        .send(zip.stream);
    },
  );
}
