-- The admin searches match '%term%' on names and e-mails: trigram GIN indexes (pg_trgm) serve such
-- patterns, and btree_gin lets one GIN index hold the meeting id with them. Both are trusted
-- extensions: a role that owns the database creates them without being a superuser. PGlite loads
-- them when the database opens (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
