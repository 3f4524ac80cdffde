CREATE TABLE "letter_templates" (
	"meeting_id" uuid PRIMARY KEY NOT NULL,
	"addressee" text NOT NULL,
	"body" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "letters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"application_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"meeting_name" text NOT NULL,
	"meeting_location" text NOT NULL,
	"meeting_start_date" date NOT NULL,
	"meeting_end_date" date NOT NULL,
	"date_of_arrival" date NOT NULL,
	"date_of_departure" date NOT NULL,
	"issued_on" date NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"application_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_jobs_kind_check" CHECK ("mail_jobs"."kind" in ('message','letter'))
);
--> statement-breakpoint
CREATE TABLE "organisation" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"signatory_name" text DEFAULT '' NOT NULL,
	"signatory_title" text DEFAULT '' NOT NULL,
	"logo" "bytea",
	"logo_type" text,
	"signature" "bytea",
	"signature_type" text,
	"paper_size" text DEFAULT 'A4' NOT NULL,
	"p12" "bytea" NOT NULL,
	"p12_passphrase" text NOT NULL,
	"certificate_generated" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_single_row" CHECK ("organisation"."id" = 1),
	CONSTRAINT "organisation_paper_size_check" CHECK ("organisation"."paper_size" in ('A4','Letter'))
);
--> statement-breakpoint
ALTER TABLE "letter_templates" ADD CONSTRAINT "letter_templates_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "letters" ADD CONSTRAINT "letters_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD CONSTRAINT "mail_jobs_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "letters_reference_unique" ON "letters" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "letters_active_application_unique" ON "letters" USING btree ("application_id") WHERE "letters"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "mail_jobs_due_idx" ON "mail_jobs" USING btree ("next_attempt_at") WHERE "mail_jobs"."sent_at" is null and "mail_jobs"."failed_at" is null;