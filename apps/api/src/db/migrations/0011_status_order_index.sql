-- The admin list sorts by status in the review order, Pending, Approved, Rejected, newest first
-- within each (reversed for a descending sort): the index holds that order, so a meeting's page
-- of either direction is read from it alone, as the alphabetical one was.
DROP INDEX IF EXISTS "applications_meeting_status_id_idx";
--> statement-breakpoint
CREATE INDEX "applications_meeting_status_order_idx" ON "applications" USING btree ("meeting_id", (CASE "status" WHEN 'Pending' THEN 0 WHEN 'Approved' THEN 1 ELSE 2 END), "created_at" DESC, "id" DESC);
