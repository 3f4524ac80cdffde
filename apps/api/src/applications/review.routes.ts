import {
  bulkActionBody,
  idField,
  neighboursQuerySchema,
  noteBody,
  rejectionReasonsBody,
  requestChangesBody,
} from "@visa/domain";
import { z } from "zod";
import { actorOf } from "../auth/guards.js";
import type { App, RouteDeps } from "../lib/app-type.js";
import { bulkAnswer, messageAnswer, neighboursAnswer, rejectionReasonsAnswer } from "../openapi/answers.js";
import { applicationNeighbours } from "./application-list.service.js";
import { bulkAction } from "./decisions.service.js";
import {
  addNote,
  rejectionReasons,
  requestChanges,
  saveRejectionReasons,
  sendMessage,
} from "./review-notes.service.js";

const idParams = z.object({ id: idField });

/** The secretariat's review desk: bulk decisions, the list's neighbours, notes, messages, reasons. */
export async function reviewRoutes(app: App, { ctx, guards }: RouteDeps) {
  app.post(
    "/api/applications/bulk",
    { onRequest: guards.admin, schema: { body: bulkActionBody, response: { 200: bulkAnswer } } },
    async (request) => bulkAction(ctx, actorOf(request), request.body),
  );

  app.get(
    "/api/applications/neighbours",
    {
      onRequest: guards.admin,
      schema: { querystring: neighboursQuerySchema, response: { 200: neighboursAnswer } },
    },
    async (request) => applicationNeighbours(ctx, request.query),
  );

  app.post(
    "/api/applications/:id/notes",
    {
      onRequest: guards.admin,
      schema: { params: idParams, body: noteBody, response: { 201: messageAnswer } },
    },
    async (request, reply) => {
      await addNote(ctx, actorOf(request), request.params.id, request.body.text);
      return reply.code(201).send({ message: "Note added" });
    },
  );

  app.post(
    "/api/applications/:id/messages",
    {
      onRequest: guards.admin,
      schema: { params: idParams, body: noteBody, response: { 201: messageAnswer } },
    },
    async (request, reply) => {
      await sendMessage(ctx, actorOf(request), request.params.id, request.body.text);
      return reply.code(201).send({ message: "Message sent to the applicant" });
    },
  );

  app.post(
    "/api/applications/:id/request-changes",
    {
      onRequest: guards.admin,
      schema: { params: idParams, body: requestChangesBody, response: { 200: messageAnswer } },
    },
    async (request) => {
      await requestChanges(ctx, actorOf(request), request.params.id, request.body.text);
      return { message: "The applicant was asked to correct the request" };
    },
  );

  app.get(
    "/api/rejection-reasons",
    { onRequest: guards.admin, schema: { response: { 200: rejectionReasonsAnswer } } },
    async () => rejectionReasons(ctx),
  );

  app.put(
    "/api/rejection-reasons",
    {
      onRequest: guards.admin,
      schema: { body: rejectionReasonsBody, response: { 200: rejectionReasonsAnswer } },
    },
    async (request) => saveRejectionReasons(ctx, request.body.reasons),
  );
}
