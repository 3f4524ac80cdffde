-- Each letter keeps the issuer's name, address and logo (its SHA-256) as it printed them, so the
-- verification page shows what the letter says rather than what the organisation is called today.
ALTER TABLE "letters" ADD COLUMN "organisation_name" text;
--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "organisation_address" text;
--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "organisation_logo_sha256" text;
--> statement-breakpoint
-- Every change to the organisation moves its updated_at: a letter issued since the last change
-- printed the organisation as it is now. Older letters are left without, and their page says that
-- the issuer's details shown are today's.
UPDATE "letters" SET "organisation_name" = o."name", "organisation_address" = o."address",
    "organisation_logo_sha256" = CASE WHEN o."logo" IS NULL THEN NULL ELSE encode(sha256(o."logo"), 'hex') END
  FROM "organisation" o WHERE "letters"."issued_at" >= o."updated_at";
