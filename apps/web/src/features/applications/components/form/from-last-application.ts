import { type ApplicationDto, GENDERS_CREATE } from "@visa/domain";
import { type ApplicantValues, applicantValuesOf } from "./fields";

/** What belongs to one trip: dates, hotel, pick-up and its notes are asked afresh each time. */
export const TRIP_FIELDS = [
  "dateOfArrival",
  "dateOfDeparture",
  "hotelName",
  "hotelConfirmation",
  "pickUpInOrlando",
  "additionalInformation",
  "visaAppointmentDate",
] as const satisfies readonly (keyof ApplicantValues)[];

/** An earlier application's values for a new one: everything but the trip. */
export function fromLastApplication(app: ApplicationDto): Partial<ApplicantValues> {
  const values: Partial<ApplicantValues> = applicantValuesOf(app);
  for (const k of TRIP_FIELDS) delete values[k];
  // The edit form's 'Prefer not to say' is not an answer the create form offers.
  if (!(GENDERS_CREATE as readonly string[]).includes(values.gender ?? "")) delete values.gender;
  return values;
}

type ApplicantField = keyof ApplicantValues;
type Value = ApplicantValues[ApplicantField];

const isBlank = (v: Value | undefined) => v === undefined || v === false || String(v).trim() === "";
const same = (a: Value | undefined, b: Value | undefined) =>
  typeof a === "string" && typeof b === "string" ? a.trim() === b.trim() : a === b;

/** How copying an earlier application meets what the form already holds. */
export interface CopyPlan {
  /** Fields the copy may set without touching anything the user typed. */
  fill: Partial<ApplicantValues>;
  /** Fields where the user typed something other than the earlier application holds. */
  typed: ApplicantField[];
  /** The earlier application's values for those fields. */
  replace: Partial<ApplicantValues>;
}

/**
 * Splits a copy into the fields it may fill and those the user already typed differently.
 * `prefilled` holds values the form put in by itself (the account's name and e-mail), which a
 * copy may replace. An empty copied value never clears a filled field.
 */
export function planCopy(
  current: Partial<ApplicantValues>,
  copied: Partial<ApplicantValues>,
  prefilled: Partial<ApplicantValues> = {},
): CopyPlan {
  const plan: CopyPlan = { fill: {}, typed: [], replace: {} };
  for (const k of Object.keys(copied) as ApplicantField[]) {
    const value = copied[k];
    if (isBlank(value)) continue;
    const now = current[k];
    const own = !isBlank(now) && !same(now, value) && !(k in prefilled && same(now, prefilled[k]));
    if (own) {
      plan.typed.push(k);
      Object.assign(plan.replace, { [k]: value });
    } else Object.assign(plan.fill, { [k]: value });
  }
  return plan;
}
