import {
  createUserSchema,
  idField,
  updateUserSchema,
  userListQuerySchema,
  userPasswordSchema,
  userRoleSchema,
} from "@visa/domain";
import { z } from "zod";
import { actorOf } from "../auth/guards.js";
import type { App, RouteDeps } from "../lib/app-type.js";
import { deletedUserAnswer, passwordSetAnswer, userMessageAnswer, usersAnswer } from "../openapi/answers.js";
import { userPresenter } from "./user.presenter.js";
import { USER_MESSAGES } from "./users.policy.js";
import { createUser, deleteUser, setUserPasswordByAdmin, setUserRole, updateUser } from "./users.service.js";
import { listUsers } from "./users-list.service.js";

const idParams = z.object({ id: idField });

/** User management (spec §7): admins only. */
export async function userRoutes(app: App, { ctx, guards }: RouteDeps) {
  const admin = guards.admin;

  app.get(
    "/api/users",
    { onRequest: admin, schema: { querystring: userListQuerySchema, response: { 200: usersAnswer } } },
    async (request) => listUsers(ctx, request.query),
  );

  app.post(
    "/api/users",
    { onRequest: admin, schema: { body: createUserSchema, response: { 201: userMessageAnswer } } },
    async (request, reply) => {
      const user = await createUser(ctx, request.body);
      return reply.code(201).send({ message: USER_MESSAGES.created, user: userPresenter(user) });
    },
  );

  app.put(
    "/api/users/:id",
    {
      onRequest: admin,
      schema: { params: idParams, body: updateUserSchema, response: { 200: userMessageAnswer } },
    },
    async (request) => {
      const user = await updateUser(ctx, request.params.id, request.body);
      return { message: USER_MESSAGES.updated, user: userPresenter(user) };
    },
  );

  app.put(
    "/api/users/:id/role",
    {
      onRequest: admin,
      schema: { params: idParams, body: userRoleSchema, response: { 200: userMessageAnswer } },
    },
    async (request) => {
      const user = await setUserRole(ctx, actorOf(request), request.params.id, request.body.isAdmin);
      return { message: USER_MESSAGES.updated, user: userPresenter(user) };
    },
  );

  app.put(
    "/api/users/:id/password",
    {
      onRequest: admin,
      schema: { params: idParams, body: userPasswordSchema, response: { 200: passwordSetAnswer } },
    },
    async (request) => {
      const session = await setUserPasswordByAdmin(
        ctx,
        actorOf(request),
        request.params.id,
        request.body.password,
      );
      return { message: USER_MESSAGES.passwordChanged, ...session };
    },
  );

  app.delete(
    "/api/users/:id",
    { onRequest: admin, schema: { params: idParams, response: { 200: deletedUserAnswer } } },
    async (request) => {
      const deletedApplications = await deleteUser(ctx, actorOf(request), request.params.id);
      return { message: USER_MESSAGES.deleted, deletedApplications };
    },
  );
}
