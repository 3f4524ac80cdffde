import {
  type ApplicationDto,
  countryName,
  formatDayUS,
  formatTimestampEastern,
  pickUpQuestion,
} from "@visa/domain";
import type { ReactNode } from "react";
import { StatusBadge } from "../StatusBadge";

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 className="text-base font-semibold text-gray-900">{title}</h2>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">{children}</dl>
    </section>
  );
}

function Item({ label, value, wide }: { label: string; value: ReactNode; wide?: boolean }) {
  return (
    // min-w-0 and overflow-wrap:anywhere: a long name without spaces wraps inside its card
    // instead of widening the grid cell and scrolling a phone's page sideways.
    <div className={wide ? "min-w-0 sm:col-span-2" : "min-w-0"}>
      <dt className="text-xs font-medium uppercase tracking-wide text-gray-600">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-wrap text-sm text-gray-900 [overflow-wrap:anywhere]">
        {value === "" || value === null || value === undefined ? "—" : value}
      </dd>
    </div>
  );
}

const yesNo = (b: boolean) => (b ? "Yes" : "No");
const country = (code: string) => (code ? countryName(code) : "");

/** The read-only application: calendar days in US format from UTC parts, timestamps in US Eastern. */
export function ApplicationView({ app, admin }: { app: ApplicationDto; admin: boolean }) {
  const by = app.lastUpdatedBy;
  return (
    <div className="space-y-4">
      <Group title="Meeting">
        <Item label="Meeting" value={app.meeting?.name} />
        <Item label="Location" value={app.meeting?.location} />
        <Item
          label="Meeting Dates"
          value={
            app.meeting ? `${formatDayUS(app.meeting.startDate)} – ${formatDayUS(app.meeting.endDate)}` : ""
          }
        />
        <Item
          label="Status"
          value={
            <StatusBadge
              status={app.status}
              withdrawn={Boolean(app.withdrawnAt)}
              changesRequested={Boolean(app.changesRequested)}
            />
          }
        />
        <Item label="Submitted" value={formatTimestampEastern(app.createdAt)} />
        <Item label="Last Updated" value={formatTimestampEastern(app.updatedAt)} />
      </Group>
      <Group title="Personal Information">
        <Item label="First Name" value={app.firstName} />
        <Item label="Last Name" value={app.lastName} />
        <Item label="Email" value={app.email} />
        <Item label="Date of Birth" value={formatDayUS(app.birthdate)} />
        <Item label="Gender" value={app.gender} />
      </Group>
      <Group title="Passport Information">
        <Item label="Passport Number" value={app.passportNumber} />
        <Item label="Passport Issuing Country" value={country(app.passportIssuingCountry)} />
        <Item label="Passport Expiration Date" value={formatDayUS(app.passportExpirationDate)} />
      </Group>
      <Group title="Travel Information">
        <Item label="Date of Arrival" value={formatDayUS(app.dateOfArrival)} />
        <Item label="Date of Departure" value={formatDayUS(app.dateOfDeparture)} />
        <Item
          label="Visa Appointment Date"
          value={app.visaAppointmentDate ? formatDayUS(app.visaAppointmentDate) : ""}
        />
        {(app.meeting?.pickUpOffered || app.pickUpInOrlando) && (
          <Item
            label={app.meeting?.pickUpOffered ? pickUpQuestion(app.meeting.pickUpPlace) : "Airport pick-up"}
            value={yesNo(app.pickUpInOrlando)}
          />
        )}
      </Group>
      <Group title="Company Information">
        <Item label="Company Name" value={app.companyName} />
        <Item label="Position" value={app.position} />
        <Item
          label="Company Mailing Address"
          wide
          value={[app.companyMailingAddress1, app.companyMailingAddress2].filter(Boolean).join("\n")}
        />
        <Item label="City" value={app.city} />
        <Item label="State/Province" value={app.state} />
        <Item label="Postal Code" value={app.postalCode} />
        <Item label="Country" value={country(app.country)} />
        <Item label="Phone" value={app.phone} />
        <Item label="Fax" value={app.fax} />
      </Group>
      <Group title="Hotel Information">
        <Item label="Hotel Name" value={app.hotelName} />
        <Item label="Hotel Confirmation Number" value={app.hotelConfirmation} />
      </Group>
      <Group title="Additional Information">
        <Item label="Additional Information" wide value={app.additionalInformation} />
      </Group>
      {admin && (
        <Group title="Administration">
          <Item label="Letter emailed" value={yesNo(app.letterEmailed)} />
          <Item label="Letter Mailed Date" value={formatDayUS(app.letterEmailedDate)} />
          <Item label="Hard copy mailed" value={yesNo(app.hardCopyMailed)} />
          <Item label="Hard Copy Mailed Date" value={formatDayUS(app.hardCopyMailedDate)} />
          <Item label="Address to Mail Hard Copy" wide value={app.addressToMailHardCopy} />
          <Item
            label="Last Updated By"
            wide
            value={
              by
                ? `${by.firstName} ${by.lastName}${by.email ? ` (${by.email})` : ""} on ${formatTimestampEastern(app.updatedAt)}`
                : "Not updated since creation"
            }
          />
        </Group>
      )}
    </div>
  );
}
