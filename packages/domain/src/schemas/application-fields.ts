import { z } from "zod";
import { GENDERS_EDIT } from "../constants.js";
import {
  boolField,
  countryField,
  dayField,
  emailField,
  nameField,
  optionalDayField,
  optionalMultilineText,
  optionalText,
  printedText,
  requiredText,
  statusField,
} from "./fields.js";

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

/**
 * What one application field is, everywhere it appears.
 * - `kind`: how forms and files hold it: text, a "YYYY-MM-DD" day, a country code, a choice, a flag.
 * - `csv`: the import reads it and the export writes it, in a column of the field's own name.
 * - `printed`: the letter prints it, so changing it on an Approved application issues a new letter.
 * - `example`: the import template's example value.
 */
interface FieldSpec<S extends z.ZodType> {
  schema: S;
  label: string;
  required: boolean;
  kind: "text" | "day" | "country" | "choice" | "flag";
  csv: boolean;
  printed: boolean;
  example?: string;
}

const field = <S extends z.ZodType>(
  schema: S,
  spec: Omit<FieldSpec<S>, "schema" | "csv" | "printed"> & Partial<Pick<FieldSpec<S>, "csv" | "printed">>,
): FieldSpec<S> => ({ csv: true, printed: false, ...spec, schema });

/**
 * Every field an applicant fills in, in the form's order. This table drives the API's validation,
 * the form's labels, defaults and required marks, the import and export columns, the import
 * template and which changes reissue a letter. The meeting is chosen apart from it.
 */
export const APPLICANT_FIELDS = {
  firstName: field(nameField(100), {
    label: "First Name",
    required: true,
    kind: "text",
    printed: true,
    example: "Jane",
  }),
  lastName: field(nameField(100), {
    label: "Last Name",
    required: true,
    kind: "text",
    printed: true,
    example: "Doe",
  }),
  email: field(emailField, { label: "Email", required: true, kind: "text", example: "jane.doe@example.com" }),
  birthdate: field(dayField, {
    label: "Date of Birth",
    required: true,
    kind: "day",
    printed: true,
    example: "1990-01-31",
  }),
  gender: field(z.enum(GENDERS_EDIT, { message: "must be Male, Female, Other or Prefer not to say" }), {
    label: "Gender",
    required: true,
    kind: "choice",
    printed: true,
    example: "Female",
  }),
  passportNumber: field(passportNumber, {
    label: "Passport Number",
    required: true,
    kind: "text",
    printed: true,
    example: "X1234567",
  }),
  passportIssuingCountry: field(countryField, {
    label: "Passport Issuing Country",
    required: true,
    kind: "country",
    printed: true,
    example: "GB",
  }),
  passportExpirationDate: field(dayField, {
    label: "Passport Expiration Date",
    required: true,
    kind: "day",
    printed: true,
    example: "2030-12-31",
  }),
  dateOfArrival: field(dayField, { label: "Date of Arrival", required: true, kind: "day", printed: true }),
  dateOfDeparture: field(dayField, {
    label: "Date of Departure",
    required: true,
    kind: "day",
    printed: true,
  }),
  companyName: field(printedText(requiredText(200)), {
    label: "Company Name",
    required: true,
    kind: "text",
    printed: true,
    example: "Example Ltd",
  }),
  position: field(printedText(requiredText(200)), {
    label: "Position",
    required: true,
    kind: "text",
    printed: true,
    example: "Engineer",
  }),
  companyMailingAddress1: field(printedText(requiredText(200)), {
    label: "Company Mailing Address",
    required: true,
    kind: "text",
    printed: true,
    example: "1 Example Street",
  }),
  companyMailingAddress2: field(printedText(optionalText(200)), {
    label: "Company Mailing Address Line 2",
    required: false,
    kind: "text",
    printed: true,
    example: "Floor 2",
  }),
  city: field(printedText(requiredText(100)), {
    label: "City",
    required: true,
    kind: "text",
    printed: true,
    example: "London",
  }),
  // Required only for an address in a country of STATE_REQUIRED_COUNTRIES (`stateRequired`): the
  // create and update schemas, the form and the import check that with the country.
  state: field(printedText(optionalText(100)), {
    label: "State/Province",
    required: false,
    kind: "text",
    printed: true,
    example: "Greater London",
  }),
  postalCode: field(printedText(requiredText(20)), {
    label: "Postal Code",
    required: true,
    kind: "text",
    printed: true,
    example: "SW1A 1AA",
  }),
  country: field(countryField, {
    label: "Country",
    required: true,
    kind: "country",
    printed: true,
    example: "GB",
  }),
  phone: field(phone, {
    label: "Phone",
    required: true,
    kind: "text",
    printed: true,
    example: "+44 20 7946 0000",
  }),
  fax: field(optionalText(40), { label: "Fax", required: false, kind: "text" }),
  hotelName: field(printedText(optionalText(200)), {
    label: "Hotel Name",
    required: false,
    kind: "text",
    printed: true,
    example: "Example Hotel",
  }),
  hotelConfirmation: field(optionalText(100), {
    label: "Hotel Confirmation Number",
    required: false,
    kind: "text",
  }),
  additionalInformation: field(optionalMultilineText(5000), {
    label: "Additional Information",
    required: false,
    kind: "text",
  }),
  pickUpInOrlando: field(boolField.optional().default(false), {
    label: "Pick up in Orlando",
    required: false,
    kind: "flag",
    csv: false,
  }),
  visaAppointmentDate: field(optionalDayField, {
    label: "Visa Appointment Date",
    required: false,
    kind: "day",
    csv: false,
  }),
};

/**
 * Fields only an admin writes; a user's update ignores them. Of these only the address travels in
 * the CSV under its own name: the import's `status` and mailed dates are columns of their own
 * (IMPORT_OPTIONAL_COLUMNS), read and written by the import and export themselves.
 */
export const ADMIN_FIELDS = {
  status: field(statusField, { label: "Status", required: false, kind: "choice", csv: false }),
  letterEmailed: field(boolField, { label: "Letter emailed", required: false, kind: "flag", csv: false }),
  letterEmailedDate: field(optionalDayField, {
    label: "Letter Mailed Date",
    required: false,
    kind: "day",
    csv: false,
  }),
  hardCopyMailed: field(boolField, { label: "Hard copy mailed", required: false, kind: "flag", csv: false }),
  hardCopyMailedDate: field(optionalDayField, {
    label: "Hard Copy Mailed Date",
    required: false,
    kind: "day",
    csv: false,
  }),
  addressToMailHardCopy: field(optionalMultilineText(500), {
    label: "Address to Mail Hard Copy",
    required: false,
    kind: "text",
  }),
};

export const APPLICATION_FIELDS = { ...APPLICANT_FIELDS, ...ADMIN_FIELDS };
type Fields = typeof APPLICATION_FIELDS;
export type ApplicationField = keyof Fields;
export type ApplicantField = keyof typeof APPLICANT_FIELDS;
export type AdminField = keyof typeof ADMIN_FIELDS;

/** The table's keys in its order, for loops that the compiler checks against the table. */
export const APPLICATION_FIELD_KEYS = Object.keys(APPLICATION_FIELDS) as ApplicationField[];
export const ADMIN_FIELD_KEYS = Object.keys(ADMIN_FIELDS) as AdminField[];

type Schemas<T extends Record<string, FieldSpec<z.ZodType>>> = { [K in keyof T]: T[K]["schema"] };
function schemasOf<T extends Record<string, FieldSpec<z.ZodType>>>(fields: T): Schemas<T> {
  return Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.schema])) as Schemas<T>;
}
/** The zod shapes of the table, for the create, update and import schemas. */
export const applicantFieldSchemas = schemasOf(APPLICANT_FIELDS);
export const adminFieldSchemas = schemasOf(ADMIN_FIELDS);

const keysWhere = (test: (f: Fields[ApplicationField]) => boolean) =>
  APPLICATION_FIELD_KEYS.filter((k) => test(APPLICATION_FIELDS[k]));

/** Fields held as "YYYY-MM-DD" days. */
export const DAY_FIELD_KEYS = keysWhere((f) => f.kind === "day");
/** Fields the CSV carries under their own name (required ones and optional ones). */
export const CSV_FIELD_KEYS = keysWhere((f) => f.csv);
/** Free-text fields the CSV carries: validated by the field's own schema on import. */
export const CSV_TEXT_FIELD_KEYS = keysWhere((f) => f.csv && f.kind === "text");
/**
 * Fields the letter prints, in the table's order. Stored letters keep a hash of these values in
 * this order, so moving a printed field in the table makes every issued letter look stale; a field
 * marked printed later comes after them, and while empty leaves the hash as it was (letter-hashes.ts).
 */
export const PRINTED_FIELD_KEYS = keysWhere((f) => f.printed);

/**
 * The spec's import columns in its order: the required fields of the table that the CSV carries,
 * State/Province (required only for some countries, `stateRequired`, so no longer a required
 * column) and the meeting by name. The template and the export keep this order.
 */
const SPEC_COLUMNS = [
  "email",
  "lastName",
  "firstName",
  "birthdate",
  "gender",
  "passportNumber",
  "passportIssuingCountry",
  "passportExpirationDate",
  "dateOfArrival",
  "dateOfDeparture",
  "companyName",
  "position",
  "companyMailingAddress1",
  "city",
  "state",
  "postalCode",
  "country",
  "phone",
  "meetingName",
] as const satisfies ReadonlyArray<ApplicantField | "meetingName">;

/** The columns every row must fill: the spec's, less State/Province. */
export const IMPORT_REQUIRED_COLUMNS = SPEC_COLUMNS.filter(
  (c): c is Exclude<(typeof SPEC_COLUMNS)[number], "state"> => c !== "state",
);

/** Optional columns that are not a field under its own name: the import and export handle each. */
export const IMPORT_OWN_COLUMNS = [
  "applicationDate",
  "letterMailedDate",
  "hardCopyMailedDate",
  "status",
] as const;

/** Optional columns after the spec's: the table's other optional CSV fields in its order, then the import's own. */
export const IMPORT_OPTIONAL_COLUMNS = [
  ...CSV_FIELD_KEYS.filter(
    (k) => !APPLICATION_FIELDS[k].required && !(SPEC_COLUMNS as readonly string[]).includes(k),
  ),
  ...IMPORT_OWN_COLUMNS,
];
/** The template's columns: the spec's, then the optional ones. */
export const IMPORT_TEMPLATE_COLUMNS = [...SPEC_COLUMNS, ...IMPORT_OPTIONAL_COLUMNS];

/**
 * The export's column that names the row's application (its id). Optional on import, and only an
 * export writes it: a row that carries the id of an application deleted in the portal since (by an
 * admin, or purged) fails instead of adding the deleted request back (see the import's
 * `DELETED_SINCE_EXPORT`).
 */
export const APPLICATION_ID_COLUMN = "applicationId";

/**
 * The export's last column: when the row's application last changed in the portal, as
 * `2026-03-02T10:15:30.123456Z` (UTC, to the microsecond). Optional on import, and only an export
 * writes it: a row that carries it fails rather than undo a change the portal made to a field
 * after the export (see the import's `staleRowReason`).
 */
export const LAST_CHANGED_COLUMN = "lastChanged";

/** Every column the import reads and the export writes: the template's, then `applicationId` and `lastChanged`. */
export const IMPORT_COLUMNS = [...IMPORT_TEMPLATE_COLUMNS, APPLICATION_ID_COLUMN, LAST_CHANGED_COLUMN];
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
