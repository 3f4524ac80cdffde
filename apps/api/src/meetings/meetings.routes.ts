import { idField, meetingInputSchema } from "@visa/domain";
import { z } from "zod";
import type { App, RouteDeps } from "../lib/app-type.js";
import { meetingAnswer, messageAnswer } from "../openapi/answers.js";
import { MEETING_MESSAGES } from "./meetings.policy.js";
import {
  createMeeting,
  deleteMeeting,
  listActiveMeetings,
  listMeetings,
  updateMeeting,
} from "./meetings.service.js";

const idParams = z.object({ id: idField });

/** Meetings: everyone signed in reads them (the form needs them); only admins change them. */
export async function meetingRoutes(app: App, { ctx, guards }: RouteDeps) {
  app.get(
    "/api/meetings",
    { onRequest: guards.user, schema: { response: { 200: z.array(meetingAnswer) } } },
    async () => listMeetings(ctx),
  );

  app.get(
    "/api/meetings/active",
    { onRequest: guards.user, schema: { response: { 200: z.array(meetingAnswer) } } },
    async () => listActiveMeetings(ctx),
  );

  app.post(
    "/api/meetings",
    { onRequest: guards.admin, schema: { body: meetingInputSchema, response: { 201: meetingAnswer } } },
    async (request, reply) => reply.code(201).send(await createMeeting(ctx, request.body)),
  );

  app.put(
    "/api/meetings/:id",
    {
      onRequest: guards.admin,
      schema: { params: idParams, body: meetingInputSchema, response: { 200: meetingAnswer } },
    },
    async (request) => updateMeeting(ctx, request.params.id, request.body),
  );

  app.delete(
    "/api/meetings/:id",
    { onRequest: guards.admin, schema: { params: idParams, response: { 200: messageAnswer } } },
    async (request) => {
      await deleteMeeting(ctx, request.params.id);
      return { message: MEETING_MESSAGES.deleted };
    },
  );
}
