-- Records each deleted application (its id, its meeting, when), so an import can tell a row of a
-- request deleted since its export (refused) from a row of a request this database never saw, such
-- as one made after the backup it was restored from (created again under its id). A statement
-- trigger with a transition table on applications catches every way a row goes: an admin's delete,
-- a user's deletion cascading to their applications, a meeting's purge or deletion, hand-run SQL;
-- one insert per statement. It records a fact, it caches nothing. No foreign keys: the record
-- outlives the application and its meeting.
CREATE TABLE "deleted_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"meeting_id" uuid NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- When recording began: deletions before it left no record, so an import keeps its earlier rule
-- (the meeting existed at lastChanged, so the request was deleted) for rows changed before then.
CREATE TABLE "deleted_applications_recorded_since" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deleted_applications_recorded_since_one_check" CHECK ("one")
);
--> statement-breakpoint
INSERT INTO "deleted_applications_recorded_since" DEFAULT VALUES;
--> statement-breakpoint
CREATE FUNCTION deleted_applications_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO deleted_applications (id, meeting_id)
  SELECT id, meeting_id FROM old_rows
  ON CONFLICT (id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER deleted_applications_delete AFTER DELETE ON applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION deleted_applications_after_delete();
