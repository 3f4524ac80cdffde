import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client.js";
import { applications, letters } from "../db/schema.js";

/**
 * In a purge's transaction: the meeting's letters lose their PDF and the applicant's data with the
 * applications, keeping only what says a letter of this reference existed and when it was
 * revoked; verification then says the record was deleted under the retention policy.
 */
export async function purgeMeetingLetters(tx: DbOrTx, meetingId: string): Promise<void> {
  const ofMeeting = tx
    .select({ id: applications.id })
    .from(applications)
    .where(eq(applications.meetingId, meetingId));
  const emptied = {
    pdf: null,
    sha256: null,
    printedHash: null,
    passportHash: null,
    firstName: null,
    lastName: null,
    dateOfArrival: null,
    dateOfDeparture: null,
    purgedAt: new Date(),
  };
  await tx
    .update(letters)
    .set({ revokedAt: new Date(), revocationReason: "purged" })
    .where(and(inArray(letters.applicationId, ofMeeting), isNull(letters.revokedAt)));
  await tx.update(letters).set(emptied).where(inArray(letters.applicationId, ofMeeting));
}
