import { idField, MAX_IMPORT_BYTES } from "@visa/domain";
import { z } from "zod";
import { attachmentDisposition } from "../applications/file-type.js";
import { parseInput } from "../applications/parse-input.js";
import { readUploadedFile } from "../applications/read-upload.js";
import { actorOf } from "../auth/guards.js";
import type { App, RouteDeps } from "../lib/app-type.js";
import { badRequest } from "../lib/errors.js";
import { exportApplications } from "./export.service.js";
import { importApplications } from "./import.service.js";

const exportQuery = z.object({ meetingId: idField });

/** CSV import of applications and the matching export, for admins. */
export async function importRoutes(app: App, { ctx, guards }: RouteDeps) {
  app.post("/api/applications/import", { onRequest: guards.admin }, async (request) => {
    const file = await readUploadedFile(request, MAX_IMPORT_BYTES, "Please select a file to import");
    return importApplications(ctx, actorOf(request), file.data);
  });

  app.get("/api/applications/export", { onRequest: guards.admin }, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    if (!query.meetingId) throw badRequest("meetingId is required");
    const { meetingId } = parseInput(exportQuery, query);
    const { filename, csv } = await exportApplications(ctx, meetingId);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", attachmentDisposition(filename))
      .header("cache-control", "private, no-store")
      .send(csv);
  });
}
