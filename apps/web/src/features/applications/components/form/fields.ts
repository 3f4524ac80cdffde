import {
  APPLICATION_REQUIRED_FIELDS,
  type ApplicationCreateInput,
  type ApplicationDto,
  dayToIso,
  toDay,
} from "@visa/domain";
import type { UseFormRegisterReturn } from "react-hook-form";
import { fieldError } from "../../../../lib/field-error";

/** Labels of every field the forms show, required ones as the shared schema names them. */
export const FIELD_LABELS = {
  ...APPLICATION_REQUIRED_FIELDS,
  companyMailingAddress2: "Company Mailing Address Line 2",
  fax: "Fax",
  hotelName: "Hotel Name",
  hotelConfirmation: "Hotel Confirmation Number",
  additionalInformation: "Additional Information",
  pickUpInOrlando: "Pick up in Orlando",
  status: "Status",
  letterEmailed: "Letter emailed",
  letterEmailedDate: "Letter Mailed Date",
  hardCopyMailed: "Hard copy mailed",
  hardCopyMailedDate: "Hard Copy Mailed Date",
  addressToMailHardCopy: "Address to Mail Hard Copy",
} as const;
export type FieldName = keyof typeof FIELD_LABELS;

/** The shared create schema's fields less the meeting, which the form picks separately. */
type ApplicantField = Exclude<keyof ApplicationCreateInput, "meeting">;

/**
 * The applicant's fields as the forms hold them: text, "YYYY-MM-DD" days and a checkbox.
 * Keyed by the shared schema, so a field added there must be added to the forms too.
 */
export type ApplicantValues = {
  [K in ApplicantField]-?: boolean extends NonNullable<ApplicationCreateInput[K]> ? boolean : string;
};

export type AdminValues = {
  status: string;
  letterEmailed: boolean;
  letterEmailedDate: string;
  hardCopyMailed: boolean;
  hardCopyMailedDate: string;
  addressToMailHardCopy: string;
};

export const EMPTY_APPLICANT: ApplicantValues = {
  firstName: "",
  lastName: "",
  email: "",
  birthdate: "",
  gender: "",
  passportNumber: "",
  passportIssuingCountry: "",
  passportExpirationDate: "",
  dateOfArrival: "",
  dateOfDeparture: "",
  companyName: "",
  position: "",
  companyMailingAddress1: "",
  companyMailingAddress2: "",
  city: "",
  state: "",
  postalCode: "",
  country: "",
  phone: "",
  fax: "",
  hotelName: "",
  hotelConfirmation: "",
  additionalInformation: "",
  pickUpInOrlando: false,
};

const DAY_FIELDS = [
  "birthdate",
  "passportExpirationDate",
  "dateOfArrival",
  "dateOfDeparture",
  "letterEmailedDate",
  "hardCopyMailedDate",
] as const;

/**
 * Validated form output -> request body: days go as ISO timestamps at UTC midnight (spec §5),
 * never through `new Date(local)`, so no time zone shifts them.
 */
export function toPayload(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const k of DAY_FIELDS) {
    const v = out[k];
    if (typeof v === "string" && v) out[k] = dayToIso(v);
    else if (k in out && !v) out[k] = null;
  }
  return out;
}

const day = (v: string | null | undefined) => (v ? (toDay(v) ?? "") : "");

/** An application's applicant fields as form values (days from the UTC parts). */
export function applicantValuesOf(app: ApplicationDto): ApplicantValues {
  const values = { ...EMPTY_APPLICANT };
  for (const k of Object.keys(EMPTY_APPLICANT) as (keyof ApplicantValues)[]) {
    if (k === "pickUpInOrlando") values.pickUpInOrlando = Boolean(app.pickUpInOrlando);
    else values[k] = (app[k] as string | null | undefined) ?? "";
  }
  for (const k of ["birthdate", "passportExpirationDate", "dateOfArrival", "dateOfDeparture"] as const) {
    values[k] = day(app[k]);
  }
  return values;
}

/** An application's admin-only fields as form values. */
export function adminValuesOf(app: ApplicationDto): AdminValues {
  return {
    status: app.status,
    letterEmailed: Boolean(app.letterEmailed),
    letterEmailedDate: day(app.letterEmailedDate),
    hardCopyMailed: Boolean(app.hardCopyMailed),
    hardCopyMailedDate: day(app.hardCopyMailedDate),
    addressToMailHardCopy: app.addressToMailHardCopy ?? "",
  };
}

/** A field ready for a control: label, register() props and the error to show beside it. */
export interface BoundField {
  label: string;
  required: boolean;
  error?: string;
  reg: UseFormRegisterReturn;
}
export type Bind = (name: FieldName) => BoundField;

const isRequired = (name: FieldName) => name in APPLICATION_REQUIRED_FIELDS;

/** Builds a Bind from a form's register, errors and current values. */
export function makeBind(
  register: (name: FieldName) => UseFormRegisterReturn,
  errors: Partial<Record<string, { message?: string } | undefined>>,
  currentValue: (name: FieldName) => unknown,
): Bind {
  return (name) => {
    const label = FIELD_LABELS[name];
    const required = isRequired(name);
    const err = errors[name];
    const value = currentValue(name);
    const blank = value === undefined || value === null || (typeof value === "string" && !value.trim());
    // A blank required field reads "X is required", whatever the schema's wording for that type.
    const error = err ? (required && blank ? `${label} is required` : fieldError(label, err)) : undefined;
    return { label, required, error, reg: register(name) };
  };
}
