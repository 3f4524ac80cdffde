import { applicationListQuerySchema, idField, statsQuerySchema } from "@visa/domain";
import { z } from "zod";
import { actorOf } from "../auth/guards.js";
import type { App, RouteDeps } from "../lib/app-type.js";
import {
  applicationAnswer,
  applicationListAnswer,
  applicationSummaryListAnswer,
  messageAnswer,
  statsAnswer,
} from "../openapi/answers.js";
import { applicationEtag } from "./application.policy.js";
import {
  createApplication,
  deleteApplication,
  getApplication,
  updateApplication,
} from "./application.service.js";
import { applicationCreateBody, applicationUpdateBody } from "./application-input.js";
import { applicationStats, listApplications } from "./application-list.service.js";
import { createApplicationLimit } from "./create-rate-limit.js";
import { withdrawApplication } from "./withdraw-application.js";

const idParams = z.object({ id: idField });

/** Applications: create, own list, admin list and stats, read, update, delete. */
export async function applicationRoutes(app: App, { ctx, guards }: RouteDeps) {
  const createLimit = createApplicationLimit(app);
  app.post(
    "/api/applications",
    {
      onRequest: guards.user,
      schema: { body: applicationCreateBody, response: { 201: applicationAnswer } },
      ...createLimit,
    },
    async (request, reply) =>
      reply.code(201).send(await createApplication(ctx, actorOf(request), request.body)),
  );

  app.get(
    "/api/applications",
    {
      onRequest: guards.user,
      schema: {
        querystring: applicationListQuerySchema,
        response: {
          200: z.union([z.array(applicationAnswer), applicationListAnswer, applicationSummaryListAnswer]),
        },
      },
    },
    async (request) => listApplications(ctx, actorOf(request), request.query),
  );

  // A static path: the router prefers it to /:id, so "stats" is never read as an id.
  app.get(
    "/api/applications/stats",
    { onRequest: guards.admin, schema: { querystring: statsQuerySchema, response: { 200: statsAnswer } } },
    async (request) => applicationStats(ctx, request.query.meetingId),
  );

  app.get(
    "/api/applications/:id",
    { onRequest: guards.user, schema: { params: idParams, response: { 200: applicationAnswer } } },
    async (request, reply) => {
      const application = await getApplication(ctx, actorOf(request), request.params.id);
      return reply.header("etag", applicationEtag(application.updatedAt)).send(application);
    },
  );

  // With If-Match (the ETag of the version the client edited), a change made since is not undone.
  app.put(
    "/api/applications/:id",
    {
      onRequest: guards.user,
      schema: {
        params: idParams,
        body: applicationUpdateBody,
        response: { 200: applicationAnswer },
      },
    },
    async (request, reply) => {
      const application = await updateApplication(ctx, actorOf(request), request.params.id, request.body, {
        ifMatch: request.headers["if-match"],
      });
      return reply.header("etag", applicationEtag(application.updatedAt)).send(application);
    },
  );

  app.post(
    "/api/applications/:id/withdraw",
    { onRequest: guards.user, schema: { params: idParams, response: { 200: applicationAnswer } } },
    async (request) => withdrawApplication(ctx, actorOf(request), request.params.id),
  );

  app.delete(
    "/api/applications/:id",
    { onRequest: guards.admin, schema: { params: idParams, response: { 200: messageAnswer } } },
    async (request) => {
      await deleteApplication(ctx, request.params.id);
      return { message: "Application deleted" };
    },
  );
}
