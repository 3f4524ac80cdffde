CREATE TABLE "list_versions" (
	"meeting_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "list_versions" ADD CONSTRAINT "list_versions_meeting_id_meetings_id_fk" FOREIGN KEY ("meeting_id") REFERENCES "public"."meetings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_last_updated_by_idx" ON "applications" USING btree ("last_updated_by_id") WHERE "applications"."last_updated_by_id" is not null;