import {
  APPLICANT_FIELDS,
  APPLICATION_FIELD_KEYS,
  APPLICATION_FIELDS,
  APPLICATION_REQUIRED_FIELDS,
  type ApplicantField,
  type ApplicationCreateInput,
  type ApplicationDto,
  type ApplicationField,
  DAY_FIELD_KEYS,
  dayToIso,
  isFieldRequired,
  type MeetingDto,
  toDay,
} from "@visa/domain";
import type { UseFormRegisterReturn } from "react-hook-form";
import { fieldError } from "../../../../lib/field-error";

/** Labels of every field the forms show: the meeting, then the shared field table's. */
export const FIELD_LABELS: Readonly<Record<"meeting" | ApplicationField, string>> = {
  meeting: APPLICATION_REQUIRED_FIELDS.meeting ?? "Meeting",
  ...(Object.fromEntries(APPLICATION_FIELD_KEYS.map((k) => [k, APPLICATION_FIELDS[k].label])) as Record<
    ApplicationField,
    string
  >),
};
export type FieldName = keyof typeof FIELD_LABELS;

/** The shared create schema's fields less the meeting, which the form picks separately. */
type ApplicantInput = Exclude<keyof ApplicationCreateInput, "meeting">;

/**
 * The applicant's fields as the forms hold them: text, "YYYY-MM-DD" days and a checkbox.
 * Keyed by the shared schema, so a field added there must be added to the forms too.
 */
export type ApplicantValues = {
  [K in ApplicantInput]-?: boolean extends NonNullable<ApplicationCreateInput[K]> ? boolean : string;
};

export type AdminValues = {
  status: string;
  letterEmailed: boolean;
  letterEmailedDate: string;
  hardCopyMailed: boolean;
  hardCopyMailedDate: string;
  addressToMailHardCopy: string;
};

/** A blank form: flags off, everything else empty. */
export const EMPTY_APPLICANT = Object.fromEntries(
  (Object.keys(APPLICANT_FIELDS) as ApplicantField[]).map((k) => [
    k,
    APPLICANT_FIELDS[k].kind === "flag" ? false : "",
  ]),
) as ApplicantValues;

/**
 * Validated form output -> request body: days go as ISO timestamps at UTC midnight (spec §5),
 * never through `new Date(local)`, so no time zone shifts them.
 */
export function toPayload(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const k of DAY_FIELD_KEYS) {
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
    const kind = APPLICANT_FIELDS[k].kind;
    const value = app[k] as string | boolean | null | undefined;
    (values as Record<string, string | boolean>)[k] =
      kind === "flag"
        ? Boolean(value)
        : kind === "day"
          ? day(value as string | null)
          : ((value as string | null) ?? "");
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

/**
 * Builds a Bind from a form's register (with the fields a change revalidates), errors and current values. `country` is the address's
 * country as the form holds it now (the form watches it), which decides whether State/Province
 * is required.
 */
export function makeBind(
  register: (name: FieldName, revalidate?: FieldName[]) => UseFormRegisterReturn,
  errors: Partial<Record<string, { message?: string } | undefined>>,
  currentValue: (name: FieldName) => unknown,
  country: string,
): Bind {
  return (name) => {
    const label = FIELD_LABELS[name];
    const required = isFieldRequired(name, country);
    const err = errors[name];
    const value = currentValue(name);
    const blank = value === undefined || value === null || (typeof value === "string" && !value.trim());
    // A blank required field reads "X is required", whatever the schema's wording for that type.
    const error = err ? (required && blank ? `${label} is required` : fieldError(label, err)) : undefined;
    // A new country may make State/Province required or not: its mark and error follow at once.
    return { label, required, error, reg: register(name, name === "country" ? ["state"] : undefined) };
  };
}

/** Where the meeting offers airport pick-up, or null when it does not (or none is chosen). */
export function pickUpPlaceOf(meeting: Pick<MeetingDto, "pickUpOffered" | "pickUpPlace"> | undefined | null) {
  return meeting?.pickUpOffered ? meeting.pickUpPlace : null;
}
