CREATE TABLE "application_counts" (
	"meeting_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "application_counts_meeting_id_status_pk" PRIMARY KEY("meeting_id","status")
);
--> statement-breakpoint
ALTER TABLE "application_counts" ADD CONSTRAINT "application_counts_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;