-- Each mail about an application asks what was mailed about it since a moment (once-only state
-- mails), and deleting an application sets its mails' application_id to null: both find the
-- application's mails through this index instead of reading every mail of the last month.
CREATE INDEX "mail_jobs_application_idx" ON "mail_jobs" USING btree ("application_id","created_at");
