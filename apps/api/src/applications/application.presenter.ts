import {
  type ApplicationDto,
  type ApplicationStatus,
  type ApplicationSummaryDto,
  type ApplicationWarning,
  type DocumentDto,
  dayToIso,
} from "@visa/domain";
import type { applications, documents, meetings } from "../db/schema.js";
import { meetingPresenter } from "../meetings/meeting.presenter.js";

/** An application as it is read (applicationColumns: without the search's own column). */
export type ApplicationRow = Omit<typeof applications.$inferSelect, "searchText">;
export type MeetingRow = typeof meetings.$inferSelect;
/** A document without its bytes: what lists and presenters need. */
export type DocumentMeta = Omit<typeof documents.$inferSelect, "data" | "uploadedById">;
export type PersonRow = { firstName: string; lastName: string; email: string };
export type OwnerRow = (PersonRow & { id: string; emailVerifiedAt: Date | null }) | null;

/** An application with what its presenter embeds, loaded by joins (see application.queries.ts). */
export interface ApplicationRecord {
  app: ApplicationRow;
  meeting: MeetingRow;
  owner: OwnerRow;
  updater: PersonRow | null;
  documents: DocumentMeta[];
}

/** Where a document is downloaded; the only URL a client needs. */
export function documentUrl(applicationId: string, documentId: string): string {
  return `/api/applications/${applicationId}/documents/${documentId}`;
}

/** The only shape of an uploaded document that leaves the server: never its bytes. */
export function documentPresenter(d: DocumentMeta): DocumentDto {
  return {
    _id: d.id,
    filename: d.filename,
    contentType: d.contentType,
    size: d.size,
    uploadedAt: d.createdAt.toISOString(),
    url: documentUrl(d.applicationId, d.id),
  };
}

const optionalDay = (d: string | null) => (d ? dayToIso(d) : null);

/** Who reads: admins see more of the people around an application than its applicant does. */
export interface Viewer {
  isAdmin: boolean;
}

/** The columns of an application that its summary shows. */
export type SummaryRow = Pick<
  ApplicationRow,
  | "id"
  | "firstName"
  | "lastName"
  | "email"
  | "status"
  | "statusReason"
  | "changesRequestedAt"
  | "withdrawnAt"
  | "visaAppointmentDate"
  | "createdAt"
  | "updatedAt"
>;

/** The fields an application's summary and its whole shape share, written here only. */
function commonFields(app: SummaryRow): Omit<ApplicationSummaryDto, "warnings"> {
  return {
    _id: app.id,
    firstName: app.firstName,
    lastName: app.lastName,
    email: app.email,
    status: app.status as ApplicationStatus,
    statusReason: app.statusReason,
    changesRequested: app.changesRequestedAt !== null,
    withdrawnAt: app.withdrawnAt ? app.withdrawnAt.toISOString() : null,
    visaAppointmentDate: optionalDay(app.visaAppointmentDate),
    createdAt: app.createdAt.toISOString(),
    updatedAt: app.updatedAt.toISOString(),
  };
}

// The shapes below add to commonFields' object with Object.assign, not as `{ ...common, more }`:
// Node.js 20 takes about 3 µs for each property written after a spread (some 100 µs for a whole
// application, more than reading it), where Object.assign and later Node.js lines take well
// under one (`npx tsx bench/presenters.ts`).

/** An application as a row of the admin list (`view=summary`): APPLICATION_SUMMARY_FIELDS only. */
export function applicationSummaryPresenter(
  app: SummaryRow,
  warnings: ApplicationWarning[],
): ApplicationSummaryDto {
  return Object.assign(commonFields(app), { warnings });
}

/** The only shape of an application that leaves the server (its summary is a part of it). */
export function applicationPresenter(
  { app, meeting, owner, updater, documents }: ApplicationRecord,
  viewer: Viewer,
  warnings?: ApplicationWarning[],
): ApplicationDto {
  const dto: ApplicationDto = Object.assign(commonFields(app), {
    userId: owner
      ? {
          _id: owner.id,
          firstName: owner.firstName,
          lastName: owner.lastName,
          email: owner.email,
          emailVerified: owner.emailVerifiedAt !== null,
        }
      : null,
    meeting: meetingPresenter(meeting),
    birthdate: dayToIso(app.birthdate),
    gender: app.gender,
    passportNumber: app.passportNumber,
    passportIssuingCountry: app.passportIssuingCountry,
    passportExpirationDate: dayToIso(app.passportExpirationDate),
    dateOfArrival: dayToIso(app.dateOfArrival),
    dateOfDeparture: dayToIso(app.dateOfDeparture),
    companyName: app.companyName,
    position: app.position,
    companyMailingAddress1: app.companyMailingAddress1,
    companyMailingAddress2: app.companyMailingAddress2,
    city: app.city,
    state: app.state,
    postalCode: app.postalCode,
    country: app.country,
    phone: app.phone,
    fax: app.fax,
    hotelName: app.hotelName,
    hotelConfirmation: app.hotelConfirmation,
    additionalInformation: app.additionalInformation,
    pickUpInOrlando: app.pickUpInOrlando,
    letterEmailed: app.letterEmailed,
    letterEmailedDate: optionalDay(app.letterEmailedDate),
    hardCopyMailed: app.hardCopyMailed,
    hardCopyMailedDate: optionalDay(app.hardCopyMailedDate),
    addressToMailHardCopy: app.addressToMailHardCopy,
    additionalDocumentation: documents.map(documentPresenter),
    // An admin's e-mail is not the applicant's business: they see who, by name.
    lastUpdatedBy: updater
      ? viewer.isAdmin
        ? { firstName: updater.firstName, lastName: updater.lastName, email: updater.email }
        : { firstName: updater.firstName, lastName: updater.lastName }
      : null,
  });
  if (viewer.isAdmin && warnings) dto.warnings = warnings;
  return dto;
}
