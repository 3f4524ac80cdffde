-- Keeps application_counts equal to the rows of applications, per meeting and status. Statement
-- triggers with transition tables: an import of 10,000 rows updates each count once, not 10,000
-- times. Inserts and moves lock count rows in (meeting, status) order, so two writers take them in
-- the same order.
CREATE FUNCTION application_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO application_counts AS c (meeting_id, status, count)
  SELECT meeting_id, status, count(*)::int FROM new_rows
  GROUP BY meeting_id, status ORDER BY meeting_id, status
  ON CONFLICT (meeting_id, status) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION application_counts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only a change of status or meeting moves a count: other edits touch no count row at all.
  INSERT INTO application_counts AS c (meeting_id, status, count)
  SELECT meeting_id, status, sum(delta)::int FROM (
    SELECT meeting_id, status, 1 AS delta FROM new_rows
    UNION ALL
    SELECT meeting_id, status, -1 AS delta FROM old_rows
  ) d
  GROUP BY meeting_id, status HAVING sum(delta) <> 0 ORDER BY meeting_id, status
  ON CONFLICT (meeting_id, status) DO UPDATE SET count = c.count + excluded.count;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION application_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE application_counts AS c SET count = c.count - d.n
  FROM (
    SELECT meeting_id, status, count(*)::int AS n FROM old_rows
    GROUP BY meeting_id, status
  ) d
  WHERE c.meeting_id = d.meeting_id AND c.status = d.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER application_counts_insert AFTER INSERT ON applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION application_counts_after_insert();
--> statement-breakpoint
CREATE TRIGGER application_counts_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION application_counts_after_update();
--> statement-breakpoint
CREATE TRIGGER application_counts_delete AFTER DELETE ON applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION application_counts_after_delete();
--> statement-breakpoint
INSERT INTO application_counts (meeting_id, status, count)
SELECT meeting_id, status, count(*)::int FROM applications GROUP BY meeting_id, status;
