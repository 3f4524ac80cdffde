import { adminListQuerySchema, idField, statsQuerySchema } from "@visa/domain";
import type { FastifyReply } from "fastify";
import { z } from "zod";
import { actorOf } from "../auth/guards.js";
import type { App, RouteDeps } from "../lib/app-type.js";
import { forbidden } from "../lib/errors.js";
import {
  createApplication,
  deleteApplication,
  getApplicationJson,
  updateApplication,
} from "./application.service.js";
import { adminListJson, applicationStats, listOwnApplicationsJson } from "./application-list.service.js";
import { parseInput } from "./parse-input.js";

const idParams = z.object({ id: idField });

/** Sends text or bytes that are JSON already, as JSON. */
function sendJson(reply: FastifyReply, json: string | Buffer) {
  return reply.type("application/json; charset=utf-8").send(json);
}

/** Applications: create, own list, admin list and stats, read, update, delete. */
export async function applicationRoutes(app: App, { ctx, guards }: RouteDeps) {
  app.post("/api/applications", { onRequest: guards.user }, async (request, reply) => {
    const created = await createApplication(ctx, actorOf(request), request.body);
    return reply.code(201).send(created);
  });

  // Reads of applications arrive as JSON already (application-json.ts, list-cache.ts): sent as they are.
  app.get("/api/applications", { onRequest: guards.user }, async (request, reply) => {
    const actor = actorOf(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    if (query.admin !== "true") return sendJson(reply, await listOwnApplicationsJson(ctx, actor));
    if (!actor.isAdmin) throw forbidden("Admin access required");
    return sendJson(reply, await adminListJson(ctx, parseInput(adminListQuerySchema, query)));
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
    async (request, reply) =>
      sendJson(reply, await getApplicationJson(ctx, actorOf(request), request.params.id)),
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
