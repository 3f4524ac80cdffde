import {
  APPLICATION_STATUSES,
  APPLICATION_SUMMARY_FIELDS,
  type ApplicationDto,
  type ApplicationListDto,
  type ApplicationSummaryDto,
  type ApplicationWarning,
  type AuthTokenDto,
  BULK_ACTIONS,
  type BulkResultDto,
  type DocumentDto,
  HISTORY_KINDS,
  type HistoryEntryDto,
  type ImportResultDto,
  type LetterTemplateDto,
  type LetterVerificationDto,
  type MeetingDto,
  type MeetingStatsDto,
  type NeighboursDto,
  type OrganisationDto,
  PAPER_SIZES,
  type PurgePreviewDto,
  type PurgeResultDto,
  REVOCATION_REASONS,
  type RejectionReasonsDto,
  type RevocationReason,
  type UnseenMessagesDto,
  type UserDto,
  type UserListDto,
  WARNING_CODES,
} from "@visa/domain";
import { z } from "zod";

/**
 * The answers' shapes as zod schemas, for the API document (answers leave as the presenters shape
 * them: app.ts does not parse them again). Each is typed by the domain's DTO it describes, so the
 * two cannot drift apart without the compiler saying so.
 */
const iso = z.string().meta({ format: "date-time" });
const id = z.string().meta({ format: "uuid" });
const role = z.enum(["admin", "user"]);

export const messageAnswer = z.object({ message: z.string() }).meta({ id: "Message" });

export const userAnswer: z.ZodType<UserDto> = z.object(userFields()).meta({ id: "User" });

const pagination = z.object({ total: z.number().int(), page: z.number().int(), pages: z.number().int() });

export const userListAnswer: z.ZodType<UserListDto> = z
  .object({ users: z.array(userAnswer), pagination })
  .meta({ id: "UserList" });

export const meetingAnswer: z.ZodType<MeetingDto> = z
  .object({
    _id: id,
    name: z.string(),
    location: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    isActive: z.boolean(),
    pickUpOffered: z.boolean(),
    pickUpPlace: z.string(),
    reviewDays: z.number().int().nullable(),
    passportValidityMonths: z.number().int(),
    datesToleranceDays: z.number().int(),
  })
  .meta({ id: "Meeting" });

export const documentAnswer: z.ZodType<DocumentDto> = z
  .object({
    _id: id,
    filename: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    uploadedAt: iso,
    url: z.string(),
  })
  .meta({ id: "Document" });

const text = z.string();
const isoOrNull = iso.nullable();

export const warningAnswer: z.ZodType<ApplicationWarning> = z
  .object({
    code: z.enum(WARNING_CODES),
    message: text,
    field: text.optional(),
    // A duplicate warning's other requests (admins only).
    others: z
      .array(z.object({ _id: id, firstName: text, lastName: text, status: z.enum(APPLICATION_STATUSES) }))
      .optional(),
  })
  .meta({ id: "ApplicationWarning" });

const applicationObject = z.object({
  _id: id,
  userId: z
    .object({ _id: id, firstName: text, lastName: text, email: text, emailVerified: z.boolean() })
    .nullable(),
  meeting: meetingAnswer,
  firstName: text,
  lastName: text,
  email: text,
  birthdate: iso,
  gender: text,
  passportNumber: text,
  passportIssuingCountry: text,
  passportExpirationDate: iso,
  dateOfArrival: iso,
  dateOfDeparture: iso,
  companyName: text,
  position: text,
  companyMailingAddress1: text,
  companyMailingAddress2: text,
  city: text,
  state: text,
  postalCode: text,
  country: text,
  phone: text,
  fax: text,
  hotelName: text,
  hotelConfirmation: text,
  additionalInformation: text,
  pickUpInOrlando: z.boolean(),
  visaAppointmentDate: isoOrNull,
  withdrawnAt: isoOrNull,
  letterEmailed: z.boolean(),
  letterEmailedDate: isoOrNull,
  hardCopyMailed: z.boolean(),
  hardCopyMailedDate: isoOrNull,
  addressToMailHardCopy: text,
  additionalDocumentation: z.array(documentAnswer),
  status: z.enum(APPLICATION_STATUSES),
  createdAt: iso,
  updatedAt: iso,
  lastUpdatedBy: z.object({ firstName: text, lastName: text, email: text }).nullable(),
  statusReason: text,
  changesRequested: z.boolean(),
  warnings: z.array(warningAnswer).optional(),
});
export const applicationAnswer: z.ZodType<ApplicationDto> = applicationObject.meta({ id: "Application" });

/** A row of the admin list with view=summary (APPLICATION_SUMMARY_FIELDS). */
export const applicationSummaryAnswer: z.ZodType<ApplicationSummaryDto> = applicationObject
  .pick(
    Object.fromEntries(APPLICATION_SUMMARY_FIELDS.map((field) => [field, true])) as {
      [K in (typeof APPLICATION_SUMMARY_FIELDS)[number]]: true;
    },
  )
  .meta({ id: "ApplicationSummary" });

export const historyAnswer: z.ZodType<HistoryEntryDto[]> = z
  .array(
    z.object({
      _id: id,
      kind: z.enum(HISTORY_KINDS),
      at: iso,
      by: z.object({ firstName: text, lastName: text, email: text.optional() }).nullable(),
      fromStatus: text.optional(),
      toStatus: text.optional(),
      reason: text.optional(),
      text: text.optional(),
      changes: z.array(z.object({ field: text, from: text.optional(), to: text.optional() })).optional(),
      unseen: z.boolean().optional(),
    }),
  )
  .meta({ id: "ApplicationHistory" });

export const unseenMessagesAnswer: z.ZodType<UnseenMessagesDto> = z
  .array(z.object({ applicationId: id, count: z.number().int(), latestAt: iso }))
  .meta({ id: "UnseenMessages" });

export const bulkAnswer: z.ZodType<BulkResultDto> = z
  .object({
    action: z.enum(BULK_ACTIONS),
    changed: z.number().int(),
    skipped: z.array(z.object({ _id: id, name: text, reason: text })),
    message: text,
  })
  .meta({ id: "BulkResult" });

export const neighboursAnswer: z.ZodType<NeighboursDto> = z
  .object({
    previous: id.nullable(),
    next: id.nullable(),
    position: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: "ListNeighbours" });

export const rejectionReasonsAnswer: z.ZodType<RejectionReasonsDto> = z
  .object({ reasons: z.array(text) })
  .meta({ id: "RejectionReasons" });

export const applicationListAnswer: z.ZodType<ApplicationListDto> = z
  .object({ applications: z.array(applicationAnswer), pagination })
  .meta({ id: "ApplicationList" });

export const applicationSummaryListAnswer: z.ZodType<ApplicationListDto<ApplicationSummaryDto>> = z
  .object({ applications: z.array(applicationSummaryAnswer), pagination })
  .meta({ id: "ApplicationSummaryList" });

export const statsAnswer: z.ZodType<MeetingStatsDto> = z
  .object({
    total: z.number().int(),
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
  })
  .meta({ id: "ApplicationStats" });

export const importAnswer: z.ZodType<ImportResultDto> = z
  .object({
    total: z.number().int(),
    successful: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int().optional(),
    failed: z.number().int(),
    updatedRecords: z.array(
      z.object({ name: z.string(), reason: z.string(), changed: z.array(z.string()).optional() }),
    ),
    errors: z.array(z.object({ name: z.string(), error: z.string() })),
    errorReportId: id.nullable().optional(),
  })
  .meta({ id: "ImportResult" });

export const authTokenAnswer: z.ZodType<AuthTokenDto> = z
  .object({ token: z.string(), userId: id, role, expiresAt: iso })
  .meta({ id: "AuthToken" });

export const organisationAnswer: z.ZodType<OrganisationDto> = z
  .object({
    name: z.string(),
    address: z.string(),
    contact: z.string(),
    signatoryName: z.string(),
    signatoryTitle: z.string(),
    paperSize: z.enum(PAPER_SIZES),
    hasLogo: z.boolean(),
    hasSignature: z.boolean(),
    certificate: z.object({
      subject: z.string(),
      issuer: z.string(),
      validFrom: iso,
      validTo: iso,
      selfSigned: z.boolean(),
      generated: z.boolean(),
    }),
    updatedAt: iso,
  })
  .meta({ id: "Organisation" });

export const templateAnswer: z.ZodType<LetterTemplateDto> = z
  .object({
    meetingId: id,
    addressee: z.string(),
    body: z.string(),
    isDefault: z.boolean(),
    updatedAt: isoOrNull,
  })
  .meta({ id: "LetterTemplate" });

export const verificationAnswer: z.ZodType<LetterVerificationDto> = z
  .object({
    reference: z.string(),
    status: z.enum(["valid", "revoked"]),
    revokedAt: isoOrNull,
    revocationReason: z
      .enum(Object.keys(REVOCATION_REASONS) as [RevocationReason, ...RevocationReason[]])
      .nullable(),
    issuedOn: z.string(),
    sha256: z.string().nullable(),
    organisation: z.object({
      name: z.string(),
      address: z.string(),
      contact: z.string(),
      hasLogo: z.boolean(),
      asOf: z.enum(["letter", "today"]),
      changedSince: z.boolean(),
      logoReplaced: z.boolean(),
    }),
    fullName: z.string().nullable(),
    meeting: z.object({ name: z.string(), location: z.string(), startDate: z.string(), endDate: z.string() }),
    dateOfArrival: z.string().nullable(),
    dateOfDeparture: z.string().nullable(),
  })
  .meta({ id: "LetterVerification" });

const counts = {
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
};

export const purgePreviewAnswer: z.ZodType<PurgePreviewDto> = z
  .object({
    purgeAfterDays: z.number().int(),
    cutoffDate: z.string(),
    schedule: z.enum(["off", "daily"]),
    eligible: z.array(
      z.object({ ...counts, meetingId: id, name: z.string(), startDate: z.string(), endDate: z.string() }),
    ),
    purges: z.array(
      z.object({
        ...counts,
        _id: id,
        meetingId: id.nullable(),
        name: z.string(),
        startDate: z.string(),
        endDate: z.string(),
        purgedAt: iso,
        trigger: z.enum(["admin", "schedule"]),
      }),
    ),
    kept: z.object(counts),
  })
  .meta({ id: "PurgePreview" });

export const purgeResultAnswer: z.ZodType<PurgeResultDto> = z
  .object({
    meetings: z.array(z.object({ meetingId: id, name: z.string(), purged: z.number().int() })),
    total: z.number().int(),
  })
  .meta({ id: "PurgeResult" });

/** An answer that is a file, not JSON: described for the document, never serialized. */
export function fileAnswer(contentType: string, description: string) {
  return {
    description,
    content: { [contentType]: { schema: z.any().meta({ type: "string", format: "binary" }) } },
  };
}

export const healthAnswer = z
  .object({ status: z.string(), database: z.enum(["embedded", "postgres"]) })
  .meta({ id: "Health" });

export const meAnswer = z.object({ ...userFields(), tokenExpiresAt: iso }).meta({ id: "Me" });

/** { message } with more fields beside it. */
export function messageWith<T extends z.ZodRawShape>(fields: T) {
  return z.object({ message: z.string(), ...fields });
}

export const unavailableAnswer = messageWith({ status: z.string() });

export const sessionMessageAnswer = messageWith({ token: z.string(), userId: id, role, expiresAt: iso });

export const usersAnswer = z.union([z.array(userAnswer), userListAnswer]);

function userFields() {
  return {
    _id: id,
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    isAdmin: z.boolean(),
    role,
    createdAt: iso,
    emailVerified: z.boolean(),
  };
}

/**
 * A multipart/form-data upload, for the document only: the route reads the parts itself (as a
 * stream, with its own limits), so nothing is checked here. Fields are named with their JSON
 * Schema type ("binary" for a file).
 */
export function multipartBody(fields: Record<string, "binary" | "string">, required: string[] = ["file"]) {
  const properties = Object.fromEntries(
    Object.entries(fields).map(([name, kind]) => [
      name,
      kind === "binary" ? { type: "string", format: "binary" } : { type: "string" },
    ]),
  );
  return z.any().meta({ type: "object", properties, required });
}
export const MULTIPART = ["multipart/form-data"];

export const deletedUserAnswer = messageWith({ deletedApplications: z.number().int() });
export const userMessageAnswer = messageWith({ user: userAnswer });

/** A password set by an admin: a new session comes with it only when it was the admin's own. */
export const passwordSetAnswer = messageWith({
  token: z.string().optional(),
  userId: id.optional(),
  role: role.optional(),
  expiresAt: iso.optional(),
});
