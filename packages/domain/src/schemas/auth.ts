import { z } from "zod";
import { AUTH_MESSAGES } from "../constants.js";
import { passwordField, personNameField, typedEmailField, typedPasswordField } from "./fields.js";

export const loginSchema = z.object({
  email: typedEmailField,
  password: z.string().min(1, { message: "Password is required" }).max(200),
});
export type LoginInput = z.input<typeof loginSchema>;
export type Login = z.output<typeof loginSchema>;

export const registerSchema = z
  .object({
    email: typedEmailField,
    password: typedPasswordField,
    confirmPassword: z.string().max(200).optional(),
    firstName: personNameField(100),
    lastName: personNameField(100),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
export type RegisterInput = z.input<typeof registerSchema>;
export type Registration = z.output<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email: typedEmailField });

export const resetPasswordSchema = z.object({ password: typedPasswordField });

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, { message: "Current password is required" }).max(200),
  newPassword: passwordField,
});
export type PasswordChange = z.output<typeof changePasswordSchema>;
