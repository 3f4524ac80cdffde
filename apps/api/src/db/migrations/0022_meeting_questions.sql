ALTER TABLE "meetings" ADD COLUMN "pick_up_offered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "pick_up_place" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "meetings" ADD COLUMN "review_days" integer;--> statement-breakpoint
-- Every meeting used to ask "Pick up in Orlando": meetings held there keep offering it.
UPDATE "meetings" SET "pick_up_offered" = true, "pick_up_place" = 'Orlando' WHERE "location" ILIKE '%orlando%';
