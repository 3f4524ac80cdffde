-- Letters issued before letters kept their bytes (migration 0013) were laid out anew at each
-- download; the first use after the upgrade signs and keeps a file under the same reference, which
-- differs from every copy handed out before. Their verification offers no file check, which would
-- call those genuine copies changed; the reference, its details and the passport check still answer.
ALTER TABLE "letters" ADD COLUMN "signed_after_issue" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "letters" SET "signed_after_issue" = true WHERE "pdf" IS NULL AND "purged_at" IS NULL;
