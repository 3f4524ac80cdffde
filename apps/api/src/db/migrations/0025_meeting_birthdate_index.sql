-- A page's data-quality warnings read, of its meeting, only the requests that can be a duplicate
-- of a row on the page: the same passport (applications_meeting_passport_idx) or the same
-- birthdate (this index), so a page costs the same in a meeting of ten or of ten thousand.
CREATE INDEX IF NOT EXISTS "applications_meeting_birthdate_idx" ON "applications" USING btree ("meeting_id", "birthdate");
