CREATE TABLE "import_error_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_by_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"csv_gzip" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_error_reports" ALTER COLUMN "csv_gzip" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "import_error_reports" ADD CONSTRAINT "import_error_reports_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_error_reports_created_at_idx" ON "import_error_reports" USING btree ("created_at");
