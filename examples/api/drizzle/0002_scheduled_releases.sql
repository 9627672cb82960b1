ALTER TABLE "chapters" ADD COLUMN "publish_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
CREATE INDEX "chapters_publish_at_idx" ON "chapters" USING btree ("publish_at");--> statement-breakpoint
-- Chapters that exist already were published when their comic came out.
UPDATE "chapters" SET "publish_at" = "comics"."created_at" FROM "comics" WHERE "comics"."id" = "chapters"."comic_id";