-- The user search finds names as the applications' search does: a term typed without accents
-- matches the folded name ("muller" finds Müller, "weiss" Weiß). The index on the names as written
-- is replaced by one on the folded names; a term typed with accents narrows through it too and is
-- then compared with the names as written, ignoring case only.
DROP INDEX IF EXISTS "users_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "users_folded_name_trgm_idx" ON "users" USING gin ((fold_text("first_name" || ' ' || "last_name")) gin_trgm_ops);
