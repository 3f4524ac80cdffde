-- Admin pages and own lists are read from the database on every request again: the versions
-- that told a kept page it was still current, and the triggers that kept them, go. The counts'
-- TRUNCATE trigger of migration 0009 stays.
DROP TRIGGER IF EXISTS list_versions_meeting_insert ON meetings;
--> statement-breakpoint
DROP TRIGGER IF EXISTS list_versions_meeting_update ON meetings;
--> statement-breakpoint
DROP TRIGGER IF EXISTS list_versions_application_insert ON applications;
--> statement-breakpoint
DROP TRIGGER IF EXISTS list_versions_application_update ON applications;
--> statement-breakpoint
DROP TRIGGER IF EXISTS list_versions_application_delete ON applications;
--> statement-breakpoint
DROP TRIGGER IF EXISTS list_versions_document_insert ON documents;
--> statement-breakpoint
DROP TRIGGER IF EXISTS list_versions_document_update ON documents;
--> statement-breakpoint
DROP TRIGGER IF EXISTS list_versions_document_delete ON documents;
--> statement-breakpoint
DROP TRIGGER IF EXISTS list_versions_user_update ON users;
--> statement-breakpoint
DROP TRIGGER IF EXISTS list_versions_applications_truncate ON applications;
--> statement-breakpoint
DROP TRIGGER IF EXISTS list_versions_documents_truncate ON documents;
--> statement-breakpoint
DROP TRIGGER IF EXISTS list_versions_users_truncate ON users;
--> statement-breakpoint
DROP FUNCTION IF EXISTS list_versions_after_meeting_insert();
--> statement-breakpoint
DROP FUNCTION IF EXISTS list_versions_after_meeting_update();
--> statement-breakpoint
DROP FUNCTION IF EXISTS list_versions_after_application_insert();
--> statement-breakpoint
DROP FUNCTION IF EXISTS list_versions_after_application_update();
--> statement-breakpoint
DROP FUNCTION IF EXISTS list_versions_after_application_delete();
--> statement-breakpoint
DROP FUNCTION IF EXISTS list_versions_after_document_change();
--> statement-breakpoint
DROP FUNCTION IF EXISTS list_versions_after_user_update();
--> statement-breakpoint
DROP FUNCTION IF EXISTS list_versions_after_truncate();
--> statement-breakpoint
DROP FUNCTION IF EXISTS bump_list_versions(uuid[]);
--> statement-breakpoint
DROP TABLE IF EXISTS list_versions;
--> statement-breakpoint
DROP SEQUENCE IF EXISTS list_version_seq;
