import { z } from "zod";
import { stateRequired } from "../address-regions.js";
import {
  ADMIN_PAGE_SIZE,
  GENDERS_CREATE,
  MAX_PAGE_SIZE,
  SORT_DIRECTIONS,
  SORT_FIELDS,
} from "../constants.js";
import {
  ADMIN_FIELD_KEYS,
  APPLICANT_FIELDS,
  type ApplicantField,
  adminFieldSchemas,
  applicantFieldSchemas,
} from "./application-fields.js";
import { idField, text } from "./fields.js";

/**
 * Fields every new application must fill, with the labels the form shows, in form order. State /
 * Province is not among them: it is required only for some countries (`requiredFieldKeys`).
 */
export const APPLICATION_REQUIRED_FIELDS: Readonly<Record<string, string>> = {
  meeting: "Meeting",
  ...Object.fromEntries(
    Object.entries(APPLICANT_FIELDS)
      .filter(([, f]) => f.required)
      .map(([k, f]) => [k, f.label]),
  ),
};

/** Whether `key` must be filled in an application whose address is in `country`. */
export function isFieldRequired(key: string, country: unknown): boolean {
  if (key === "state") return stateRequired(typeof country === "string" ? country : undefined);
  return key in APPLICATION_REQUIRED_FIELDS;
}

/** The label the form shows for a field of a new application. */
function labelOf(key: string): string {
  return APPLICATION_REQUIRED_FIELDS[key] ?? APPLICANT_FIELDS[key as ApplicantField]?.label ?? key;
}

/** The fields `input` must fill (State/Province when its country has one), in form order. */
function requiredFieldKeys(input: Record<string, unknown>): string[] {
  return ["meeting", ...Object.keys(APPLICANT_FIELDS)].filter((k) => isFieldRequired(k, input.country));
}

/** The required fields that are missing or blank in `input`, in form order. */
export function missingRequiredKeys(input: Record<string, unknown>): string[] {
  return requiredFieldKeys(input).filter((k) => {
    const v = input[k];
    return v === undefined || v === null || (typeof v === "string" && v.trim() === "");
  });
}

/** Labels of the required fields that are missing or blank in `input`. */
export function missingRequiredFields(input: Record<string, unknown>): string[] {
  return missingRequiredKeys(input).map(labelOf);
}

/** 'Please fill in all required fields: {list}' (spec §5). */
export function requiredFieldsMessage(missing: string[]): string {
  return `Please fill in all required fields: ${missing.join(", ")}`;
}

/** Departure before arrival, in the words shown beside the departure field. */
export const DEPARTURE_ORDER_MESSAGE = "Departure must be on or after arrival";

const departureNotBeforeArrival = {
  check: (v: { dateOfArrival?: string; dateOfDeparture?: string }) =>
    !v.dateOfArrival || !v.dateOfDeparture || v.dateOfDeparture >= v.dateOfArrival,
  message: DEPARTURE_ORDER_MESSAGE,
};

/**
 * An address in a country with states or provinces names its State/Province. The words are the
 * form's: "State/Province is required" beside the field. Checked once country and state are
 * valid, so a form with several mistakes shows this one together with the others.
 */
const stateGivenWhereRequired = {
  check: (v: { country?: string; state?: string }) =>
    !stateRequired(v.country) || (v.state ?? "").trim() !== "",
  params: {
    message: "is required",
    path: ["state"],
    when: (payload: z.core.ParsePayload) =>
      !payload.issues.some((i) => i.path?.[0] === "country" || i.path?.[0] === "state"),
  },
};

/** The original system's rule: a passport expiring before the trip ends is refused. */
export const PASSPORT_VALIDITY_MESSAGE = "Passport must be valid for the entire duration of stay";

/** Whether a passport expiring on `expiry` covers a stay ending on `departure` (both "YYYY-MM-DD"). */
export function passportCoversStay(expiry: string, departure: string): boolean {
  return expiry >= departure;
}

export const applicationCreateSchema = z
  .object({
    meeting: idField,
    ...applicantFieldSchemas,
    gender: z.enum(GENDERS_CREATE, { message: "must be Male, Female or Other" }),
  })
  .refine(departureNotBeforeArrival.check, {
    message: departureNotBeforeArrival.message,
    path: ["dateOfDeparture"],
  })
  .refine((v) => passportCoversStay(v.passportExpirationDate, v.dateOfDeparture), {
    message: PASSPORT_VALIDITY_MESSAGE,
    path: ["passportExpirationDate"],
  })
  .refine(stateGivenWhereRequired.check, stateGivenWhereRequired.params);
export type ApplicationCreateInput = z.input<typeof applicationCreateSchema>;
export type ApplicationCreate = z.output<typeof applicationCreateSchema>;

/** Fields only an admin may write; a user's update ignores them. */
export const ADMIN_ONLY_APPLICATION_KEYS: readonly string[] = ADMIN_FIELD_KEYS;

export const applicationUpdateSchema = z
  .object({
    meeting: idField,
    ...applicantFieldSchemas,
    ...adminFieldSchemas,
  })
  .partial()
  // Only when both are sent: the service checks an edit of either against the stored other.
  .refine(
    (v) => v.country === undefined || v.state === undefined || stateGivenWhereRequired.check(v),
    stateGivenWhereRequired.params,
  );
export type ApplicationUpdateInput = z.input<typeof applicationUpdateSchema>;
export type ApplicationUpdate = z.output<typeof applicationUpdateSchema>;

const pageNumber = z.coerce
  .number({ message: "must be a number" })
  .int({ message: "must be a whole number" })
  .min(1, { message: "must be at least 1" })
  .max(1_000_000, { message: "is too large" });

export const adminListQuerySchema = z.object({
  admin: z.enum(["true", "false"]).optional(),
  page: pageNumber.optional().default(1),
  limit: pageNumber
    .max(MAX_PAGE_SIZE, { message: `must be at most ${MAX_PAGE_SIZE}` })
    .optional()
    .default(ADMIN_PAGE_SIZE),
  meetingId: idField.optional(),
  sortBy: z.enum(SORT_FIELDS).optional().default("status"),
  sortDirection: z.enum(SORT_DIRECTIONS).optional().default("asc"),
  search: text(200).optional().default(""),
});
export type AdminListQuery = z.output<typeof adminListQuerySchema>;

export const statsQuerySchema = z.object({ meetingId: idField.optional() });
