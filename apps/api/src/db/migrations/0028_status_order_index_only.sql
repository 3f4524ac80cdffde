-- The admin list's status order reads a page's ids from this index alone. The sort key is an
-- expression over status, and PostgreSQL answers from an index alone only when the columns such an
-- expression reads are in it too: without status the scan fetched every skipped row from the table
-- (a page deep in a meeting read hundreds of rows to return ten), and the estimate of that cost
-- kept the prepared page statement from settling on one plan, so it was planned again on every
-- request. Carrying status in the index makes both go away.
DROP INDEX IF EXISTS "applications_meeting_status_order_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "applications_meeting_status_order_idx" ON "applications" USING btree (
  "meeting_id",
  (case "status" when 'Pending' then 0 when 'Approved' then 1 else 2 end),
  "created_at" DESC,
  "id" DESC
) INCLUDE ("status");
