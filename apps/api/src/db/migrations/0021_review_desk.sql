-- The review desk: a reason kept with the current status (a rejection's, shown to the applicant),
-- the admin's request for changes, each meeting's warning settings, and accent-insensitive search.
ALTER TABLE "applications" ADD COLUMN "status_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "changes_requested_at" timestamp with time zone;--> statement-breakpoint
-- History entries written by one statement can share a clock reading: the sequence keeps their order.
ALTER TABLE "application_history" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "passport_validity_months" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "dates_tolerance_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
-- unaccent is a trusted extension (PostgreSQL 13+); PGlite loads it when the database opens.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- Lower case without accents ("Müller" -> "muller", "São" -> "sao", "Strauß" -> "strauss"). unaccent()
-- itself is only STABLE (its dictionary could change), so an index cannot use it directly; naming the
-- dictionary and the schema makes the result depend on the text alone.
CREATE OR REPLACE FUNCTION "fold_text"(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ select lower(public.unaccent('public.unaccent'::regdictionary, t)) $$;--> statement-breakpoint
-- A term typed without accents searches the folded names; one typed with them (or in another script)
-- keeps searching the names as written (applications_meeting_name_trgm_idx), so "Ø" finds Ødegård only.
CREATE INDEX "applications_meeting_folded_name_trgm_idx" ON "applications" USING gin ("meeting_id",(fold_text("first_name" || ' ' || "last_name")) gin_trgm_ops);
