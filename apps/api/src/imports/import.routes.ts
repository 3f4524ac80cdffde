import { idField, MAX_IMPORT_BYTES } from "@visa/domain";
import { z } from "zod";
import { attachmentDisposition } from "../applications/file-type.js";
import { actorOf } from "../auth/guards.js";
import type { App, RouteDeps } from "../lib/app-type.js";
import { readUploadedFile } from "../lib/read-multipart.js";
import { fileAnswer, importAnswer, MULTIPART, multipartBody } from "../openapi/answers.js";
import { exportApplications } from "./export.service.js";
import { importApplications } from "./import.service.js";
import { readErrorReport } from "./import-error-report.js";

// A missing meeting is named as missing, a malformed one as malformed.
const exportQuery = z.object({ meetingId: z.string({ message: "is required" }).pipe(idField) });
const reportParams = z.object({ id: idField });

/** CSV import of applications and the matching export, for admins. */
export async function importRoutes(app: App, { ctx, guards }: RouteDeps) {
  app.post(
    "/api/applications/import",
    {
      onRequest: guards.admin,
      schema: {
        consumes: MULTIPART,
        body: multipartBody({ file: "binary" }),
        response: { 200: importAnswer },
      },
    },
    async (request) => {
      const file = await readUploadedFile(request, MAX_IMPORT_BYTES, "Please select a file to import");
      return importApplications(ctx, actorOf(request), file.data);
    },
  );

  app.get(
    "/api/applications/import/errors/:id",
    {
      onRequest: guards.admin,
      schema: {
        params: reportParams,
        response: { 200: fileAnswer("text/csv", "Every failed row of an import and why, as CSV") },
      },
    },
    async (request, reply) => {
      const csv = await readErrorReport(ctx, request.params.id);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", attachmentDisposition("import-errors.csv"))
        .header("cache-control", "private, no-store")
        .send(csv);
    },
  );

  app.get(
    "/api/applications/export",
    {
      onRequest: guards.admin,
      schema: {
        querystring: exportQuery,
        response: { 200: fileAnswer("text/csv", "The applications as CSV") },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await exportApplications(ctx, request.query.meetingId);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", attachmentDisposition(filename))
        .header("cache-control", "private, no-store")
        .send(csv);
    },
  );
}
