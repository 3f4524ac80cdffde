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
