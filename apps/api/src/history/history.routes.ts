import { idField } from "@visa/domain";
import { z } from "zod";
import { actorOf } from "../auth/guards.js";
import type { App, RouteDeps } from "../lib/app-type.js";
import { historyAnswer, unseenMessagesAnswer } from "../openapi/answers.js";
import { readHistory } from "./history.service.js";
import { readUnseenMessages } from "./unseen-messages.js";

const idParams = z.object({ id: idField });

/**
 * An application's history: everything for admins, status changes and messages for its owner; and
 * which of the user's own applications have messages they have not seen.
 */
export async function historyRoutes(app: App, { ctx, guards }: RouteDeps) {
  app.get(
    "/api/applications/unseen-messages",
    { onRequest: guards.user, schema: { response: { 200: unseenMessagesAnswer } } },
    async (request) => readUnseenMessages(ctx, actorOf(request).userId),
  );
  app.get(
    "/api/applications/:id/history",
    { onRequest: guards.user, schema: { params: idParams, response: { 200: historyAnswer } } },
    async (request) => readHistory(ctx, actorOf(request), request.params.id),
  );
}
