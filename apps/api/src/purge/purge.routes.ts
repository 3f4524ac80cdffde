import { purgeRequestSchema } from "@visa/domain";
import type { App, RouteDeps } from "../lib/app-type.js";
import { purgePreviewAnswer, purgeResultAnswer } from "../openapi/answers.js";
import { purgeOldApplications, purgePreview } from "./purge.service.js";

/** Purge of old applications (product.md, "Privacy of passport data"): admins only. */
export async function purgeRoutes(app: App, { ctx, guards }: RouteDeps) {
  app.get(
    "/api/admin/purge",
    { onRequest: guards.admin, schema: { response: { 200: purgePreviewAnswer } } },
    async () => purgePreview(ctx),
  );

  // The body must carry the confirmation word: without it the schema refuses with 400, before anything is read or deleted.
  app.post(
    "/api/admin/purge",
    { onRequest: guards.admin, schema: { body: purgeRequestSchema, response: { 200: purgeResultAnswer } } },
    async (request) => {
      const result = await purgeOldApplications(ctx, "admin");
      // Counts only: the applications held personal data.
      request.log.info(
        { meetings: result.meetings.length, applications: result.total },
        "applications purged",
      );
      return result;
    },
  );
}
