DROP INDEX "applications_meeting_status_idx";--> statement-breakpoint
DROP INDEX "applications_meeting_created_idx";--> statement-breakpoint
DROP INDEX "users_admin_name_idx";--> statement-breakpoint
CREATE INDEX "applications_meeting_status_id_idx" ON "applications" USING btree ("meeting_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "applications_meeting_created_id_idx" ON "applications" USING btree ("meeting_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_admin_lower_name_idx" ON "users" USING btree ("is_admin" DESC NULLS FIRST,lower("first_name"),lower("last_name"),"email");