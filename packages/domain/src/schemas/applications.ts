import { z } from "zod";
import {
  ADMIN_PAGE_SIZE,
  GENDERS_CREATE,
  GENDERS_EDIT,
  MAX_PAGE_SIZE,
  SORT_DIRECTIONS,
  SORT_FIELDS,
} from "../constants.js";
import {
  boolField,
  countryField,
  dayField,
  emailField,
  idField,
  nameField,
  optionalDayField,
  optionalMultilineText,
  optionalText,
  requiredText,
  statusField,
  text,
} from "./fields.js";

/** Required fields of a new application with the labels the form shows, in form order. */
export const APPLICATION_REQUIRED_FIELDS = {
  meeting: "Meeting",
  firstName: "First Name",
  lastName: "Last Name",
  email: "Email",
  birthdate: "Date of Birth",
  gender: "Gender",
  passportNumber: "Passport Number",
  passportIssuingCountry: "Passport Issuing Country",
  passportExpirationDate: "Passport Expiration Date",
  dateOfArrival: "Date of Arrival",
  dateOfDeparture: "Date of Departure",
  companyName: "Company Name",
  position: "Position",
  companyMailingAddress1: "Company Mailing Address",
  city: "City",
  state: "State/Province",
  postalCode: "Postal Code",
  country: "Country",
  phone: "Phone",
} as const;
export type RequiredApplicationField = keyof typeof APPLICATION_REQUIRED_FIELDS;

/** Labels of the required fields that are missing or blank in `input`. */
export function missingRequiredFields(input: Record<string, unknown>): string[] {
  return (Object.keys(APPLICATION_REQUIRED_FIELDS) as RequiredApplicationField[])
    .filter((k) => {
      const v = input[k];
      return v === undefined || v === null || (typeof v === "string" && v.trim() === "");
    })
    .map((k) => APPLICATION_REQUIRED_FIELDS[k]);
}

/** 'Please fill in all required fields: {list}' (spec §5). */
export function requiredFieldsMessage(missing: string[]): string {
  return `Please fill in all required fields: ${missing.join(", ")}`;
}

/** A passport number as one key: upper case without spaces or dashes ("de 7205-2712" is "DE72052712"). */
export function normalisePassportNumber(s: string): string {
  return s.toUpperCase().replace(/[\s-]+/g, "");
}

const passportNumber = requiredText(30)
  .refine((s) => /^[\p{L}\p{N} -]+$/u.test(s), {
    message: "may contain only letters, digits, spaces and hyphens",
  })
  .transform(normalisePassportNumber)
  .refine((s) => s.length > 0, { message: "is required" });
const phone = requiredText(40).refine((s) => /^[0-9+()./\- xX]+$/.test(s), {
  message: "may contain only digits, spaces and + ( ) - . /",
});

/** The applicant's own fields, shared by create, update and import. */
const applicantFields = {
  firstName: nameField(100),
  lastName: nameField(100),
  email: emailField,
  birthdate: dayField,
  passportNumber,
  passportIssuingCountry: countryField,
  passportExpirationDate: dayField,
  dateOfArrival: dayField,
  dateOfDeparture: dayField,
  companyName: requiredText(200),
  position: requiredText(200),
  companyMailingAddress1: requiredText(200),
  companyMailingAddress2: optionalText(200),
  city: requiredText(100),
  state: requiredText(100),
  postalCode: requiredText(20),
  country: countryField,
  phone,
  fax: optionalText(40),
  hotelName: optionalText(200),
  hotelConfirmation: optionalText(100),
  additionalInformation: optionalMultilineText(5000),
  pickUpInOrlando: boolField.optional().default(false),
};

const departureNotBeforeArrival = {
  check: (v: { dateOfArrival?: string; dateOfDeparture?: string }) =>
    !v.dateOfArrival || !v.dateOfDeparture || v.dateOfDeparture >= v.dateOfArrival,
  message: "dateOfDeparture must not be before dateOfArrival",
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
    gender: z.enum(GENDERS_CREATE, { message: "must be Male, Female or Other" }),
    ...applicantFields,
  })
  .refine(departureNotBeforeArrival.check, {
    message: departureNotBeforeArrival.message,
    path: ["dateOfDeparture"],
  })
  .refine((v) => passportCoversStay(v.passportExpirationDate, v.dateOfDeparture), {
    message: PASSPORT_VALIDITY_MESSAGE,
    path: ["passportExpirationDate"],
  });
export type ApplicationCreateInput = z.input<typeof applicationCreateSchema>;
export type ApplicationCreate = z.output<typeof applicationCreateSchema>;

/** Fields only an admin may write; a user's update ignores them. */
export const adminOnlyApplicationFields = {
  status: statusField,
  letterEmailed: boolField,
  letterEmailedDate: optionalDayField,
  hardCopyMailed: boolField,
  hardCopyMailedDate: optionalDayField,
  addressToMailHardCopy: optionalMultilineText(500),
};
export const ADMIN_ONLY_APPLICATION_KEYS = Object.keys(adminOnlyApplicationFields);

export const applicationUpdateSchema = z
  .object({
    meeting: idField,
    gender: z.enum(GENDERS_EDIT, { message: "must be Male, Female, Other or Prefer not to say" }),
    ...applicantFields,
    ...adminOnlyApplicationFields,
  })
  .partial();
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
