import { countryName, fillTemplate, formatDayLong, type LetterPlaceholder } from "@visa/domain";
import type { applications, meetings } from "../db/schema.js";
import type { LetterAssets } from "./letter-assets.js";
import type { DetailRow, LetterContent } from "./pdf/letter-content.js";

export type LetterApplicant = Pick<
  typeof applications.$inferSelect,
  | "firstName"
  | "lastName"
  | "birthdate"
  | "gender"
  | "passportNumber"
  | "passportIssuingCountry"
  | "passportExpirationDate"
  | "dateOfArrival"
  | "dateOfDeparture"
  | "companyName"
  | "position"
  | "companyMailingAddress1"
  | "companyMailingAddress2"
  | "city"
  | "state"
  | "postalCode"
  | "country"
  | "phone"
  | "hotelName"
>;
export type LetterMeeting = Pick<typeof meetings.$inferSelect, "name" | "location" | "startDate" | "endDate">;

export interface ComposeInput {
  applicant: LetterApplicant;
  meeting: LetterMeeting;
  assets: LetterAssets;
  template: { addressee: string; body: string };
  reference: string;
  /** Day of issue, "YYYY-MM-DD". */
  issuedOn: string;
  publicUrl: string;
  watermark?: string;
}

/**
 * The full company address, one line per part, ending with the country's name. The city line is
 * "City, State 12345", or "City 12345" for an address without a State/Province.
 */
function companyAddress(a: LetterApplicant): string {
  const state = a.state.trim();
  const cityLine = state
    ? [a.city, [state, a.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", ")
    : [a.city, a.postalCode].filter(Boolean).join(" ");
  return [a.companyMailingAddress1, a.companyMailingAddress2, cityLine, countryName(a.country)]
    .filter((l) => l?.trim())
    .join("\n");
}

/** Everything a letter prints, with dates from their calendar parts and countries by name. */
export function composeLetter(input: ComposeInput): LetterContent {
  const { applicant: a, meeting: m, assets } = input;
  const fullName = `${a.firstName} ${a.lastName}`;
  const values: Record<LetterPlaceholder, string> = {
    fullName,
    firstName: a.firstName,
    lastName: a.lastName,
    position: a.position,
    companyName: a.companyName,
    country: countryName(a.country),
    passportIssuingCountry: countryName(a.passportIssuingCountry),
    meetingName: m.name,
    meetingLocation: m.location,
    meetingStartDate: formatDayLong(m.startDate),
    meetingEndDate: formatDayLong(m.endDate),
    dateOfArrival: formatDayLong(a.dateOfArrival),
    dateOfDeparture: formatDayLong(a.dateOfDeparture),
    hotelName: a.hotelName,
    organisationName: assets.name,
    signatoryName: assets.signatoryName,
    signatoryTitle: assets.signatoryTitle,
    issueDate: formatDayLong(input.issuedOn),
    reference: input.reference,
  };
  const row = (label: string, value: string): DetailRow => ({ label, value });
  const visit = [
    row("Meeting", m.name),
    row("Location", m.location),
    row("Meeting dates", `${values.meetingStartDate} – ${values.meetingEndDate}`),
    row("Arrival", values.dateOfArrival),
    row("Departure", values.dateOfDeparture),
  ];
  if (a.hotelName.trim()) visit.push(row("Hotel", a.hotelName));
  return {
    paperSize: assets.paperSize,
    organisation: {
      name: assets.name,
      address: assets.address,
      signatoryName: assets.signatoryName,
      signatoryTitle: assets.signatoryTitle,
      logo: assets.logo,
      signature: assets.signature,
    },
    reference: input.reference,
    issueDate: values.issueDate,
    addressee: fillTemplate(input.template.addressee, values),
    paragraphs: fillTemplate(input.template.body, values)
      .split(/\r?\n[ \t]*\r?\n/)
      .map((p) => p.trim())
      .filter(Boolean),
    applicant: [
      row("Full name", fullName),
      row("Date of birth", formatDayLong(a.birthdate)),
      row("Gender", a.gender),
      row("Passport number", a.passportNumber),
      row("Issuing country", values.passportIssuingCountry),
      row("Passport expiry", formatDayLong(a.passportExpirationDate)),
      row("Company", a.companyName),
      row("Position", a.position),
      row("Company address", companyAddress(a)),
      row("Phone", a.phone),
    ],
    visit,
    verifyUrl: `${input.publicUrl}/verify/${input.reference}`,
    watermark: input.watermark,
  };
}
