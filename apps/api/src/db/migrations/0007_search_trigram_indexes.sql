CREATE INDEX "applications_meeting_name_trgm_idx" ON "applications" USING gin ("meeting_id",("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_meeting_email_trgm_idx" ON "applications" USING gin ("meeting_id","email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);