CREATE TABLE "meeting_purges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"meeting_id" uuid,
	"meeting_name" text NOT NULL,
	"meeting_start_date" date NOT NULL,
	"meeting_end_date" date NOT NULL,
	"trigger" text NOT NULL,
	"purged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"total" integer NOT NULL,
	"pending" integer NOT NULL,
	"approved" integer NOT NULL,
	"rejected" integer NOT NULL,
	CONSTRAINT "meeting_purges_trigger_check" CHECK ("meeting_purges"."trigger" in ('admin','schedule'))
);
--> statement-breakpoint
ALTER TABLE "meeting_purges" ADD CONSTRAINT "meeting_purges_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meeting_purges_purged_at_idx" ON "meeting_purges" USING btree ("purged_at");