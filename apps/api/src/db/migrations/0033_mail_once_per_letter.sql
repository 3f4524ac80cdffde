-- A letter mail records the letter it carries, and a letter is mailed by itself at most once: an
-- approval and a verification that both queue the same letter, or an approval's mail still queued
-- when a replacement letter's mail is queued, end in one mail. An admin's resend may repeat one.
-- A mail given up on (failed_at) releases its letter, so a later verification can send it again.
ALTER TABLE "mail_jobs" ADD COLUMN "letter_reference" text;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "resend" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_jobs_letter_once_idx" ON "mail_jobs" ("letter_reference") WHERE "failed_at" is null and not "resend";
