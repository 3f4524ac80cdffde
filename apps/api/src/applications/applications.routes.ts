import { adminListQuerySchema, idField, statsQuerySchema } from "@visa/domain";
import { z } from "zod";
import { actorOf } from "../auth/guards.js";
import type { App, RouteDeps } from "../lib/app-type.js";
import { forbidden } from "../lib/errors.js";
import {
  createApplication,
  deleteApplication,
  getApplication,
  updateApplication,
} from "./application.service.js";
import { adminListJson, applicationStats, listOwnApplications } from "./application-list.service.js";
import { parseInput } from "./parse-input.js";

const idParams = z.object({ id: idField });

/** Applications: create, own list, admin list and stats, read, update, delete. */
export async function applicationRoutes(app: App, { ctx, guards }: RouteDeps) {
  app.post("/api/applications", { onRequest: guards.user }, async (request, reply) => {
    const created = await createApplication(ctx, actorOf(request), request.body);
    return reply.code(201).send(created);
  });

  app.get("/api/applications", { onRequest: guards.user }, async (request, reply) => {
    const actor = actorOf(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    if (query.admin !== "true") return listOwnApplications(ctx, actor);
    if (!actor.isAdmin) throw forbidden("Admin access required");
    // Already JSON (a kept page is sent as it was the first time): sent as it is.
    const body = await adminListJson(ctx, parseInput(adminListQuerySchema, query));
    return reply.type("application/json; charset=utf-8").send(body);
  });

  // A static path: the router prefers it to /:id, so "stats" is never read as an id.
  app.get(
    "/api/applications/stats",
    { onRequest: guards.admin, schema: { querystring: statsQuerySchema } },
    async (request) => applicationStats(ctx, request.query.meetingId),
  );

  app.get(
    "/api/applications/:id",
    { onRequest: guards.user, schema: { params: idParams } },
    async (request) => getApplication(ctx, actorOf(request), request.params.id),
  );

  app.put(
    "/api/applications/:id",
    { onRequest: guards.user, schema: { params: idParams } },
    async (request) => updateApplication(ctx, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    "/api/applications/:id",
    { onRequest: guards.admin, schema: { params: idParams } },
    async (request) => {
      await deleteApplication(ctx, request.params.id);
      return { message: "Application deleted" };
    },
  );
}
