import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { alias } from "drizzle-orm/pg-core";
import { applications, documents, meetings, users } from "../db/schema.js";

/**
 * An application as the API's JSON, written by the database: the reads users wait on most (one
 * application, a user's own list, an admin list page) send this text as it arrives, instead of
 * parsing some forty columns a row into values, mapping them into objects and serialising those
 * again, which was most of such a request's server time. It is applicationPresenter's shape,
 * field for field and in its order; application-json.test.ts holds the two equal on the same rows.
 */

/** Who last changed an application: the alias the queries join users under for it. */
export const updaters = alias(users, "last_updated_by");

/** A timestamp as Date.prototype.toISOString writes it (UTC, milliseconds, truncated). */
function isoTime(column: PgColumn): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** A calendar day as dayToIso writes it: UTC midnight. Null stays null. */
function isoDay(column: PgColumn): SQL {
  return sql`to_char(${column}, 'YYYY-MM-DD"T00:00:00.000Z"')`;
}

/** A JSON object of the given fields, in their order, without the spaces json_build_object adds. */
function jsonObject(fields: Record<string, SQLWrapper>): SQL {
  const columns = Object.entries(fields).map(([key, value]) => sql`${value} as ${sql.identifier(key)}`);
  return sql`(select row_to_json(o) from (select ${sql.join(columns, sql`, `)}) o)`;
}

/** meetingPresenter's shape. */
const meetingJson = jsonObject({
  _id: meetings.id,
  name: meetings.name,
  location: meetings.location,
  startDate: isoDay(meetings.startDate),
  endDate: isoDay(meetings.endDate),
  isActive: meetings.isActive,
});

/** documentPresenter's shape for each of the application's documents, oldest first. */
const documentsJson = sql`(
  select coalesce(json_agg(${jsonObject({
    _id: documents.id,
    filename: documents.filename,
    contentType: documents.contentType,
    size: documents.size,
    uploadedAt: isoTime(documents.createdAt),
    url: sql`'/api/applications/' || ${documents.applicationId} || '/documents/' || ${documents.id}`,
  })} order by ${documents.createdAt}, ${documents.id}), '[]'::json)
  from ${documents} where ${documents.applicationId} = ${applications.id}
)`;

/**
 * The application of the current row as JSON (type json), for a statement that joins meetings on
 * the application's meeting and left-joins `updaters` on its last_updated_by_id.
 */
export const applicationJson: SQL<string> = jsonObject({
  _id: applications.id,
  userId: applications.userId,
  meeting: meetingJson,
  firstName: applications.firstName,
  lastName: applications.lastName,
  email: applications.email,
  birthdate: isoDay(applications.birthdate),
  gender: applications.gender,
  passportNumber: applications.passportNumber,
  passportIssuingCountry: applications.passportIssuingCountry,
  passportExpirationDate: isoDay(applications.passportExpirationDate),
  dateOfArrival: isoDay(applications.dateOfArrival),
  dateOfDeparture: isoDay(applications.dateOfDeparture),
  companyName: applications.companyName,
  position: applications.position,
  companyMailingAddress1: applications.companyMailingAddress1,
  companyMailingAddress2: applications.companyMailingAddress2,
  city: applications.city,
  state: applications.state,
  postalCode: applications.postalCode,
  country: applications.country,
  phone: applications.phone,
  fax: applications.fax,
  hotelName: applications.hotelName,
  hotelConfirmation: applications.hotelConfirmation,
  additionalInformation: applications.additionalInformation,
  pickUpInOrlando: applications.pickUpInOrlando,
  letterEmailed: applications.letterEmailed,
  letterEmailedDate: isoDay(applications.letterEmailedDate),
  hardCopyMailed: applications.hardCopyMailed,
  hardCopyMailedDate: isoDay(applications.hardCopyMailedDate),
  addressToMailHardCopy: applications.addressToMailHardCopy,
  additionalDocumentation: documentsJson,
  status: applications.status,
  createdAt: isoTime(applications.createdAt),
  updatedAt: isoTime(applications.updatedAt),
  lastUpdatedBy: sql`case when ${updaters.id} is null then null else ${jsonObject({
    firstName: updaters.firstName,
    lastName: updaters.lastName,
    email: updaters.email,
  })} end`,
}) as SQL<string>;
