-- Every change to an application, who made it and when (issue: the secretariat's review desk).
-- Personal identifiers (passport number, birthdate) are recorded as changed, never with values.
-- Deleting or purging an application deletes its history with it (cascade).
CREATE TABLE "application_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"actor_id" uuid,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"reason" text,
	"text" text,
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "application_history_kind_check" CHECK ("kind" in ('created','fields_changed','status_changed','letter_issued','letter_revoked','mail_sent','mail_failed','imported','note','message','changes_requested'))
);
--> statement-breakpoint
ALTER TABLE "application_history" ADD CONSTRAINT "application_history_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_history" ADD CONSTRAINT "application_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_history_application_idx" ON "application_history" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_history_actor_idx" ON "application_history" USING btree ("actor_id") WHERE "actor_id" is not null;
