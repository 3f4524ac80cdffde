import { eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { applications, meetings, users } from "../db/schema.js";

/**
 * Where mail about an application may go: its owner's address once proved (never the address typed
 * into the form), or for an imported application without an owner, the address in the admin's
 * file. Null while the owner's address is unproved.
 */
function recipient(row: {
  ownerId: string | null;
  ownerEmail: string | null;
  ownerVerified: boolean;
  fileEmail: string;
}) {
  if (!row.ownerId) return row.fileEmail;
  return row.ownerVerified ? row.ownerEmail : null;
}

/**
 * What mail about each application says of it, and where it may go (`email`, null: nowhere yet),
 * by id; an application that does not exist has no entry.
 */
export async function subjectsOf(db: DbOrTx, applicationIds: string[]) {
  const rows = await db
    .select({
      applicationId: applications.id,
      ownerId: applications.userId,
      ownerEmail: users.email,
      ownerVerified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      fileEmail: applications.email,
      status: applications.status,
      statusReason: applications.statusReason,
      changesRequestedAt: applications.changesRequestedAt,
      withdrawnAt: applications.withdrawnAt,
      // As the database wrote it, to the microsecond (a JavaScript Date drops them).
      createdAt: sql<string>`${applications.createdAt}::text`,
      firstName: applications.firstName,
      lastName: applications.lastName,
      meetingName: meetings.name,
      meetingLocation: meetings.location,
      meetingStartDate: meetings.startDate,
      meetingEndDate: meetings.endDate,
    })
    .from(applications)
    .innerJoin(meetings, eq(meetings.id, applications.meetingId))
    .leftJoin(users, eq(users.id, applications.userId))
    .where(inArray(applications.id, applicationIds));
  return new Map(rows.map((row) => [row.applicationId, { ...row, email: recipient(row) }]));
}

/** What mail about the application says of it, and where it may go; null when it does not exist. */
export async function subjectOf(db: DbOrTx, applicationId: string) {
  return (await subjectsOf(db, [applicationId])).get(applicationId) ?? null;
}

export type MailSubject = NonNullable<Awaited<ReturnType<typeof subjectOf>>>;
