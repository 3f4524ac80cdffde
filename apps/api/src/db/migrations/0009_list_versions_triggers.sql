-- Keeps list_versions: every meeting has a row, and a statement that changes anything a meeting's
-- admin list shows gives that meeting a new version before it commits. Versions come from one
-- sequence, never from counting, so a version is never seen twice, even after rows are replaced.
-- Statement triggers with transition tables: an import of 10,000 rows bumps its meeting once.
CREATE SEQUENCE list_version_seq;
--> statement-breakpoint
CREATE FUNCTION bump_list_versions(meeting_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- Rows locked in meeting order, so two statements touching the same meetings cannot deadlock.
  PERFORM 1 FROM list_versions WHERE meeting_id = ANY(meeting_ids) ORDER BY meeting_id FOR UPDATE;
  UPDATE list_versions SET version = nextval('list_version_seq') WHERE meeting_id = ANY(meeting_ids);
END $$;
--> statement-breakpoint
CREATE FUNCTION list_versions_after_meeting_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_versions (meeting_id, version)
  SELECT id, nextval('list_version_seq') FROM new_rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_versions_after_meeting_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_list_versions(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_versions_after_application_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_list_versions(ARRAY(SELECT DISTINCT meeting_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_versions_after_application_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Both meetings of a moved application: it left one list and joined the other.
  PERFORM bump_list_versions(ARRAY(
    SELECT meeting_id FROM new_rows UNION SELECT meeting_id FROM old_rows
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_versions_after_application_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_list_versions(ARRAY(SELECT DISTINCT meeting_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_versions_after_document_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A list row carries its documents' names and sizes.
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_list_versions(ARRAY(
      SELECT DISTINCT a.meeting_id FROM old_rows d JOIN applications a ON a.id = d.application_id
    ));
  ELSE
    PERFORM bump_list_versions(ARRAY(
      SELECT DISTINCT a.meeting_id FROM new_rows d JOIN applications a ON a.id = d.application_id
    ));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_versions_after_user_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A list row names who last changed it: only a change of that name or e-mail matters, and
  -- only for the applications that user changed last (a sign-in or a new password bumps nothing).
  PERFORM bump_list_versions(ARRAY(
    SELECT DISTINCT a.meeting_id
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN applications a ON a.last_updated_by_id = n.id
    WHERE (n.first_name, n.last_name, n.email) IS DISTINCT FROM (o.first_name, o.last_name, o.email)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION list_versions_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TRUNCATE fires no row triggers: every meeting's list may have changed.
  UPDATE list_versions SET version = nextval('list_version_seq');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER list_versions_meeting_insert AFTER INSERT ON meetings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_versions_after_meeting_insert();
--> statement-breakpoint
CREATE TRIGGER list_versions_meeting_update AFTER UPDATE ON meetings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_versions_after_meeting_update();
--> statement-breakpoint
CREATE TRIGGER list_versions_application_insert AFTER INSERT ON applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_versions_after_application_insert();
--> statement-breakpoint
CREATE TRIGGER list_versions_application_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_versions_after_application_update();
--> statement-breakpoint
CREATE TRIGGER list_versions_application_delete AFTER DELETE ON applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_versions_after_application_delete();
--> statement-breakpoint
CREATE TRIGGER list_versions_document_insert AFTER INSERT ON documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_versions_after_document_change();
--> statement-breakpoint
CREATE TRIGGER list_versions_document_update AFTER UPDATE ON documents
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_versions_after_document_change();
--> statement-breakpoint
CREATE TRIGGER list_versions_document_delete AFTER DELETE ON documents
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_versions_after_document_change();
--> statement-breakpoint
CREATE TRIGGER list_versions_user_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_versions_after_user_update();
--> statement-breakpoint
CREATE TRIGGER list_versions_applications_truncate AFTER TRUNCATE ON applications
  FOR EACH STATEMENT EXECUTE FUNCTION list_versions_after_truncate();
--> statement-breakpoint
CREATE TRIGGER list_versions_documents_truncate AFTER TRUNCATE ON documents
  FOR EACH STATEMENT EXECUTE FUNCTION list_versions_after_truncate();
--> statement-breakpoint
CREATE TRIGGER list_versions_users_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION list_versions_after_truncate();
--> statement-breakpoint
INSERT INTO list_versions (meeting_id, version) SELECT id, nextval('list_version_seq') FROM meetings;
--> statement-breakpoint
-- The kept counts (migration 0005) had no TRUNCATE trigger: truncating applications alone left
-- every meeting's counts, so stats and list totals went on counting rows that were gone.
CREATE FUNCTION application_counts_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM application_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER application_counts_truncate AFTER TRUNCATE ON applications
  FOR EACH STATEMENT EXECUTE FUNCTION application_counts_after_truncate();
