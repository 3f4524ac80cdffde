import { z } from "zod";
import { boolField, emailField, passwordField, requiredText } from "./fields.js";

export const createUserSchema = z.object({
  email: emailField,
  password: passwordField,
  firstName: requiredText(100),
  lastName: requiredText(100),
  isAdmin: boolField.optional().default(false),
});
export type CreateUserInput = z.input<typeof createUserSchema>;

export const updateUserSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailField,
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

export const userRoleSchema = z.object({ isAdmin: boolField });
export const userPasswordSchema = z.object({ password: passwordField });
