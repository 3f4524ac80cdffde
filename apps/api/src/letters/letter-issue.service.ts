import { todayUtc } from "@visa/domain";
import { and, eq, isNull, notExists } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { applications, letters } from "../db/schema.js";
import type { LetterApplicant, LetterMeeting } from "./compose-letter.js";
import { newLetterReference } from "./reference.js";

type LetterRow = typeof letters.$inferSelect;

/** What verification shows, copied from the application when the letter is produced. */
function snapshot(applicant: LetterApplicant, meeting: LetterMeeting) {
  return {
    firstName: applicant.firstName,
    lastName: applicant.lastName,
    meetingName: meeting.name,
    meetingLocation: meeting.location,
    meetingStartDate: meeting.startDate,
    meetingEndDate: meeting.endDate,
    dateOfArrival: applicant.dateOfArrival,
    dateOfDeparture: applicant.dateOfDeparture,
  };
}

const changed = (row: LetterRow, snap: ReturnType<typeof snapshot>) =>
  (Object.keys(snap) as (keyof typeof snap)[]).some((k) => row[k] !== snap[k]);

/**
 * The application's current letter: the unrevoked one (its snapshot refreshed if an admin
 * corrected the application since), else a new one with a new reference. Concurrent callers
 * end with the same letter: the unique index lets one insert win.
 */
export async function issueLetter(
  ctx: AppContext,
  applicationId: string,
  applicant: LetterApplicant,
  meeting: LetterMeeting,
): Promise<LetterRow> {
  const snap = snapshot(applicant, meeting);
  for (let attempt = 0; attempt < 3; attempt++) {
    const [active] = await ctx.db
      .select()
      .from(letters)
      .where(and(eq(letters.applicationId, applicationId), isNull(letters.revokedAt)));
    if (active) {
      if (!changed(active, snap)) return active;
      const [updated] = await ctx.db.update(letters).set(snap).where(eq(letters.id, active.id)).returning();
      return updated ?? active;
    }
    const [created] = await ctx.db
      .insert(letters)
      .values({ ...snap, applicationId, reference: newLetterReference(), issuedOn: todayUtc() })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
  }
  throw new Error("could not issue a letter");
}

/**
 * Revokes the application's letter once it is no longer approved. Checked against the stored
 * status, so an approval that came back before this ran keeps its letter valid.
 */
export async function revokeLetters(ctx: AppContext, applicationId: string): Promise<void> {
  const stillApproved = ctx.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.id, applicationId), eq(applications.status, "Approved")));
  await ctx.db
    .update(letters)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(letters.applicationId, applicationId), isNull(letters.revokedAt), notExists(stillApproved)),
    );
}

/** Revokes the letters of deleted applications (their link was cleared by the foreign key). */
export async function revokeOrphanedLetters(ctx: AppContext): Promise<void> {
  await ctx.db
    .update(letters)
    .set({ revokedAt: new Date() })
    .where(and(isNull(letters.applicationId), isNull(letters.revokedAt)));
}
