import { z } from "zod";
import { MAX_PAGE_SIZE } from "../constants.js";
import { boolField, emailField, passwordField, personNameField, text } from "./fields.js";

export const createUserSchema = z.object({
  email: emailField,
  password: passwordField,
  firstName: personNameField(100),
  lastName: personNameField(100),
  isAdmin: boolField.optional().default(false),
});
export type CreateUserInput = z.input<typeof createUserSchema>;
export type CreateUser = z.output<typeof createUserSchema>;

export const updateUserSchema = z.object({
  firstName: personNameField(100),
  lastName: personNameField(100),
  email: emailField,
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;
export type UpdateUser = z.output<typeof updateUserSchema>;

export const userRoleSchema = z.object({ isAdmin: boolField });
export const userPasswordSchema = z.object({ password: passwordField });

/** GET /api/users: optional search (name or e-mail) and paging; without `page` every match is listed. */
export const userListQuerySchema = z.object({
  search: text(200).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
export type UserListFilters = z.output<typeof userListQuerySchema>;
