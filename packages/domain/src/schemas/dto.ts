import type { ApplicationStatus } from "../constants.js";
import type { ApplicationWarning } from "../warnings.js";

/** Shapes that leave the server (presenters) and the browser reads. Dates are ISO strings. */
export interface UserDto {
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  role: "admin" | "user";
  createdAt: string;
  /** Whether the account's address was proved by a mailed link (or an admin made the account). */
  emailVerified: boolean;
}

export interface MeetingDto {
  _id: string;
  name: string;
  location: string;
  startDate: string;
  endDate: string;
  isActive: boolean;
  /** Whether the application form asks about airport pick-up, and where it is. */
  pickUpOffered: boolean;
  pickUpPlace: string;
  /** Days the secretariat expects a review to take, or null when the meeting does not say. */
  reviewDays: number | null;
  // The two settings below are always sent; optional here so older fixtures and clients type-check.
  /** Warnings: months a passport should stay valid after departure (default 6). */
  passportValidityMonths?: number;
  /** Warnings: days travel may fall outside the meeting (default 7). */
  datesToleranceDays?: number;
}

export interface DocumentDto {
  _id: string;
  filename: string;
  contentType: string;
  size: number;
  uploadedAt: string;
  url: string;
}

/** Who owns an application, as the original system presented it (null: no owner, e.g. imported). */
export interface ApplicationOwnerDto {
  _id: string;
  firstName: string;
  lastName: string;
  email: string;
  /** Whether the owner's address is proved: mail about the application (its letter too) goes to it only then. */
  emailVerified: boolean;
}

export interface ApplicationDto {
  _id: string;
  userId: ApplicationOwnerDto | null;
  meeting: MeetingDto;
  firstName: string;
  lastName: string;
  email: string;
  birthdate: string;
  gender: string;
  passportNumber: string;
  passportIssuingCountry: string;
  passportExpirationDate: string;
  dateOfArrival: string;
  dateOfDeparture: string;
  companyName: string;
  position: string;
  companyMailingAddress1: string;
  companyMailingAddress2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string;
  fax: string;
  hotelName: string;
  hotelConfirmation: string;
  additionalInformation: string;
  pickUpInOrlando: boolean;
  /** The applicant's visa appointment, when they gave it. */
  visaAppointmentDate: string | null;
  /** When the applicant withdrew the request (its status is then Rejected), or null. */
  withdrawnAt: string | null;
  letterEmailed: boolean;
  letterEmailedDate: string | null;
  hardCopyMailed: boolean;
  hardCopyMailedDate: string | null;
  addressToMailHardCopy: string;
  additionalDocumentation: DocumentDto[];
  status: ApplicationStatus;
  createdAt: string;
  updatedAt: string;
  /** Null until someone changes the application; the e-mail is shown to admins only. */
  lastUpdatedBy: { firstName: string; lastName: string; email?: string } | null;
  /** Why the current status was given (a rejection's reason), or "". */
  statusReason?: string;
  /** An admin asked the applicant to correct the request; it stays Pending meanwhile. */
  changesRequested?: boolean;
  /** Data-quality warnings, in admins' answers only. */
  warnings?: ApplicationWarning[];
}

export interface Pagination {
  total: number;
  page: number;
  pages: number;
}

/**
 * The fields of an application as a row of the admin list (`view=summary`): what the table shows
 * and acts on. The full application is one click away; a page of rows carries no passport number,
 * birthdate or address, and costs a fraction of the full rows to read and send.
 */
export const APPLICATION_SUMMARY_FIELDS = [
  "_id",
  "firstName",
  "lastName",
  "email",
  "status",
  "statusReason",
  "changesRequested",
  "withdrawnAt",
  "visaAppointmentDate",
  "createdAt",
  "updatedAt",
  "warnings",
] as const satisfies readonly (keyof ApplicationDto)[];
export type ApplicationSummaryDto = Pick<ApplicationDto, (typeof APPLICATION_SUMMARY_FIELDS)[number]>;

/** A page of the admin list: full applications (the default) or their summaries. */
export interface ApplicationListDto<Row = ApplicationDto> {
  applications: Row[];
  pagination: Pagination;
}

export interface MeetingStatsDto {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
}

export interface ImportResultDto {
  total: number;
  successful: number;
  /** Rows that matched an application: changed ones plus `unchanged`. */
  updated: number;
  /** Matched rows whose values were already stored (listed with reason "No changes (...)"). */
  unchanged?: number;
  /** Approved applications whose printed fields changed: their letters were replaced by new ones. */
  reissued?: number;
  failed: number;
  /** New applications the file gave the status Approved: approved as an admin would, letter and all. */
  approved?: number;
  /** Header columns the import does not know, named instead of silently ignored. */
  unknownColumns?: string[];
  /** How the import read something the file left open to reading, said so it can be checked. */
  notes?: string[];
  /**
   * Every matched row, with how it matched; `changed` names the columns (never their values) a row
   * changed in the stored application, present when it changed any.
   */
  updatedRecords: { name: string; reason: string; changed?: string[] }[];
  /** The first 1,000 failed rows; `failed` counts them all. */
  errors: { name: string; error: string }[];
  /**
   * When rows failed: the id of the whole error list as CSV, kept for an hour at
   * `GET /api/applications/import/errors/{id}`.
   */
  errorReportId?: string | null;
}

export interface AuthTokenDto {
  token: string;
  userId: string;
  role: "admin" | "user";
  expiresAt: string;
}

/** GET /api/users?page=: one page of users (without `page` the answer is the plain array). */
export interface UserListDto {
  users: UserDto[];
  pagination: Pagination;
}
