-- An applicant may withdraw a request (its status on the wire stays the spec's: Rejected, with
-- the time of the withdrawal beside it) and may give the date of their visa appointment.
ALTER TABLE "applications" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "visa_appointment_date" date;--> statement-breakpoint
CREATE INDEX "applications_meeting_appointment_idx" ON "applications" USING btree ("meeting_id","visa_appointment_date","created_at","id");
