-- The admin search reads one column, search_text: the full name and the e-mail folded by fold_text
-- (migration 0021), parted by a unit separator (chr(31)) that no plain search term holds. One
-- trigram index over it (behind the meeting id) replaces the three over the names as written, the
-- folded names and the e-mails: a term is looked up once, not once per index, and rows are checked
-- against the stored text instead of folding every candidate again. Measured on the 10,000
-- applications of one meeting among 100,000, one search at a time: a full name 0.35 ms against
-- 0.65 ms, an e-mail's local part 0.44 ms against 1.06 ms (name and e-mail indexes both read).
ALTER TABLE "applications" ADD COLUMN "search_text" text GENERATED ALWAYS AS (fold_text("first_name" || ' ' || "last_name" || chr(31) || "email")) STORED;--> statement-breakpoint
DROP INDEX IF EXISTS "applications_meeting_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "applications_meeting_folded_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "applications_meeting_email_trgm_idx";--> statement-breakpoint
CREATE INDEX "applications_meeting_search_trgm_idx" ON "applications" USING gin ("meeting_id", "search_text" gin_trgm_ops);
