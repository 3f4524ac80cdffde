import { z } from "zod";
import { APPLICATION_STATUSES, type ApplicationStatus, MIN_PASSWORD_LENGTH } from "../constants.js";
import { isCountryCode } from "../countries.js";
import { toDay } from "../dates.js";

// Control characters other than tab, line feed and carriage return are never legitimate input.
// biome-ignore lint/suspicious/noControlCharactersInRegex: this regex exists to find them
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** A trimmed single- or multi-line text of at most `max` characters, without control characters. */
export function text(max = 200) {
  return z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` })
    .refine((s) => !CONTROL_CHARS.test(s), { message: "contains control characters" });
}

/** A text that must not be empty. */
export function requiredText(max = 200) {
  return text(max).refine((s) => s.length > 0, { message: "is required" });
}

/** An optional text: missing, null and "" all become "". */
export function optionalText(max = 200) {
  return text(max)
    .nullish()
    .transform((s) => s ?? "");
}

export const emailField = z
  .string()
  .trim()
  .max(254, { message: "must be at most 254 characters" })
  .pipe(z.email({ message: "Invalid email address" }))
  .transform((s) => s.toLowerCase());

export const passwordField = z
  .string()
  .min(MIN_PASSWORD_LENGTH, {
    message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  })
  .max(200, { message: "Password must be at most 200 characters long" });

/** A calendar day from "YYYY-MM-DD" or an ISO timestamp; becomes "YYYY-MM-DD". */
export const dayField = z
  .string()
  .max(40)
  .transform((s, ctx) => {
    const day = toDay(s);
    if (!day) {
      ctx.addIssue({ code: "custom", message: "must be a date (YYYY-MM-DD)" });
      return z.NEVER;
    }
    return day;
  });

export const optionalDayField = z
  .union([dayField, z.literal("")])
  .nullish()
  .transform((d) => (d ? d : null));

export const countryField = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .refine(isCountryCode, { message: "must be a country code" });

export const idField = z.uuid({ message: "must be a valid id" });

/** Status accepted in any case, normalised to Pending, Approved or Rejected. */
export const statusField = z.string().transform((s, ctx): ApplicationStatus => {
  const found = APPLICATION_STATUSES.find((x) => x.toLowerCase() === s.trim().toLowerCase());
  if (!found) {
    ctx.addIssue({ code: "custom", message: "must be Pending, Approved or Rejected" });
    return z.NEVER;
  }
  return found;
});

/** A boolean that also accepts the strings "true" and "false" (forms, CSV, query strings). */
export const boolField = z.union([z.boolean(), z.enum(["true", "false"]).transform((s) => s === "true")]);
