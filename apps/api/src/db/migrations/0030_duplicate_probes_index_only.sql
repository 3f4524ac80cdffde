-- A page's warnings ask, for each of its rows, whether another request of the meeting has the same
-- passport and which others share the birthdate (application.queries.ts, sameMeetingFields). Both
-- probes also compare the other's id, and the second reads its names, so each probe fetched rows
-- from the table. Carrying those columns in the two indexes answers the probes from the indexes
-- alone: a page of ten summary rows read 139 buffers against 173.
DROP INDEX IF EXISTS "applications_meeting_passport_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_meeting_passport_idx" ON "applications" USING btree ("meeting_id", "passport_key") INCLUDE ("id");
--> statement-breakpoint
DROP INDEX IF EXISTS "applications_meeting_birthdate_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_meeting_birthdate_idx" ON "applications" USING btree ("meeting_id", "birthdate") INCLUDE ("id", "first_name", "last_name");
