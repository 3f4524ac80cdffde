-- How a consular officer reaches the issuer; shown on the verification page.
ALTER TABLE "organisation" ADD COLUMN "contact" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Issued letters keep their signed bytes and hash; revocations say why; purge can empty a snapshot.
ALTER TABLE "letters" ADD COLUMN "pdf" bytea;
--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "sha256" text;
--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "printed_hash" text;
--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "passport_hash" text;
--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "revocation_reason" text;
--> statement-breakpoint
ALTER TABLE "letters" ADD COLUMN "purged_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "letters" ALTER COLUMN "first_name" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "letters" ALTER COLUMN "last_name" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "letters" ALTER COLUMN "date_of_arrival" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "letters" ALTER COLUMN "date_of_departure" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_revocation_reason_check" CHECK ("letters"."revocation_reason" in ('withdrawn','rejected','superseded','deleted','purged'));
--> statement-breakpoint
-- Letters revoked before reasons were kept: a deleted application's, else by its status now.
UPDATE "letters" SET "revocation_reason" = CASE
    WHEN "application_id" IS NULL THEN 'deleted'
    WHEN (SELECT "status" FROM "applications" a WHERE a."id" = "letters"."application_id") = 'Rejected' THEN 'rejected'
    ELSE 'withdrawn' END
  WHERE "revoked_at" IS NOT NULL;
--> statement-breakpoint
-- Passport numbers are kept as typed on a passport's machine-readable line: upper case, no spaces or dashes.
UPDATE "applications" SET "passport_number" = upper(regexp_replace("passport_number", '[[:space:]-]', '', 'g')),
    "passport_key" = upper(regexp_replace("passport_number", '[[:space:]-]', '', 'g'))
  WHERE "passport_number" <> upper(regexp_replace("passport_number", '[[:space:]-]', '', 'g'))
     OR "passport_key" <> upper(regexp_replace("passport_number", '[[:space:]-]', '', 'g'));
--> statement-breakpoint
-- The passport check of letters issued before this version compares with their application's number.
UPDATE "letters" SET "passport_hash" = encode(sha256(convert_to("letters"."reference" || ':' || a."passport_key", 'UTF8')), 'hex')
  FROM "applications" a WHERE a."id" = "letters"."application_id";
