ALTER TABLE "chapters" ADD COLUMN "publish_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
CREATE INDEX "chapters_publish_at_idx" ON "chapters" USING btree ("publish_at");