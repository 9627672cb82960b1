CREATE TABLE "comic_follows" (
	"user_id" text NOT NULL,
	"comic_id" integer NOT NULL,
	"followed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "comic_follows_user_id_comic_id_pk" PRIMARY KEY("user_id","comic_id")
);
--> statement-breakpoint
CREATE TABLE "reading_progress" (
	"user_id" text NOT NULL,
	"comic_id" integer NOT NULL,
	"chapter_id" integer NOT NULL,
	"chapter_title" text NOT NULL,
	"page" integer,
	"offset" integer,
	"updated_at_ms" bigint NOT NULL,
	CONSTRAINT "reading_progress_user_id_comic_id_pk" PRIMARY KEY("user_id","comic_id")
);
--> statement-breakpoint
ALTER TABLE "comic_follows" ADD CONSTRAINT "comic_follows_comic_id_comics_id_fk" FOREIGN KEY ("comic_id") REFERENCES "public"."comics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_comic_id_comics_id_fk" FOREIGN KEY ("comic_id") REFERENCES "public"."comics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reading_progress_user_updated_idx" ON "reading_progress" USING btree ("user_id","updated_at_ms");