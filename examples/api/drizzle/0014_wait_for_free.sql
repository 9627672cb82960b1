CREATE TABLE "comic_wait_for_free" (
	"comic_id" integer PRIMARY KEY NOT NULL,
	"wait_hours" integer NOT NULL,
	"newest_excluded" integer NOT NULL,
	CONSTRAINT "comic_wait_for_free_wait_hours" CHECK ("comic_wait_for_free"."wait_hours" >= 0),
	CONSTRAINT "comic_wait_for_free_newest_excluded" CHECK ("comic_wait_for_free"."newest_excluded" >= 0)
);
--> statement-breakpoint
CREATE TABLE "wait_for_free_timers" (
	"user_id" text NOT NULL,
	"comic_id" integer NOT NULL,
	"last_unlock_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wait_for_free_timers_user_id_comic_id_pk" PRIMARY KEY("user_id","comic_id")
);
--> statement-breakpoint
ALTER TABLE "comic_wait_for_free" ADD CONSTRAINT "comic_wait_for_free_comic_id_comics_id_fk" FOREIGN KEY ("comic_id") REFERENCES "public"."comics"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "wait_for_free_timers" ADD CONSTRAINT "wait_for_free_timers_comic_id_comics_id_fk" FOREIGN KEY ("comic_id") REFERENCES "public"."comics"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "coin_unlocks" ALTER COLUMN "ledger_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "coin_unlocks" ADD COLUMN "via" text DEFAULT 'coins' NOT NULL;
--> statement-breakpoint
ALTER TABLE "coin_unlocks" ADD CONSTRAINT "coin_unlocks_via" CHECK (("coin_unlocks"."via" = 'coins' and "coin_unlocks"."ledger_id" is not null) or ("coin_unlocks"."via" = 'wait' and "coin_unlocks"."ledger_id" is null and "coin_unlocks"."coins" = 0));
