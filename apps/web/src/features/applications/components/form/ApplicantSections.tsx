import { pickUpQuestion } from "@visa/domain";
import { Check, Choice, CountrySelect, DateField, LongText, Section, Text } from "./controls";
import type { Bind } from "./fields";

export interface ApplicantSectionsProps {
  bind: Bind;
  /** Create form: Male, Female, Other; edit form adds Prefer not to say. */
  genders: readonly string[];
  /** Where the meeting offers airport pick-up, or null: the question is asked only where offered. */
  pickUpPlace: string | null;
}

/** Personal, Passport, Travel, Company, Hotel and Additional Information: shared by create and edit. */
export function ApplicantSections({ bind, genders, pickUpPlace }: ApplicantSectionsProps) {
  return (
    <>
      <Section title="Personal Information">
        <Text f={bind("firstName")} autoComplete="given-name" />
        <Text f={bind("lastName")} autoComplete="family-name" />
        <Text f={bind("email")} type="email" autoComplete="email" />
        <DateField f={bind("birthdate")} />
        <Choice f={bind("gender")} options={genders} />
      </Section>
      <Section title="Passport Information">
        <Text f={bind("passportNumber")} autoComplete="off" />
        <CountrySelect f={bind("passportIssuingCountry")} />
        <DateField f={bind("passportExpirationDate")} />
      </Section>
      <Section title="Travel Information">
        <DateField f={bind("dateOfArrival")} />
        <DateField f={bind("dateOfDeparture")} />
        <DateField
          f={bind("visaAppointmentDate")}
          hint="Optional. If you already have a visa appointment, its date helps the secretariat decide in time."
        />
        {pickUpPlace !== null && (
          <Check f={{ ...bind("pickUpInOrlando"), label: pickUpQuestion(pickUpPlace) }} />
        )}
      </Section>
      <Section title="Company Information">
        <Text f={bind("companyName")} autoComplete="organization" />
        <Text f={bind("position")} autoComplete="organization-title" />
        <Text f={bind("companyMailingAddress1")} autoComplete="address-line1" wide />
        <Text f={bind("companyMailingAddress2")} autoComplete="address-line2" wide />
        <Text f={bind("city")} autoComplete="address-level2" />
        <Text f={bind("state")} autoComplete="address-level1" />
        <Text f={bind("postalCode")} autoComplete="postal-code" />
        <CountrySelect f={bind("country")} />
        <Text f={bind("phone")} type="tel" autoComplete="tel" />
        <Text f={bind("fax")} type="tel" autoComplete="off" />
      </Section>
      <Section title="Hotel Information">
        <Text f={bind("hotelName")} />
        <Text f={bind("hotelConfirmation")} autoComplete="off" />
      </Section>
      <Section title="Additional Information">
        <LongText f={bind("additionalInformation")} />
      </Section>
    </>
  );
}
