CREATE TABLE "coin_balances" (
	"user_id" text PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coin_balances_never_negative" CHECK ("coin_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coin_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"coins" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"pack_id" text,
	"checkout_id" text,
	"amount_cents" integer,
	"currency" text,
	"provider" text,
	"provider_payment_id" text,
	"chapter_id" integer,
	"comic_id" integer,
	"reason" text,
	"created_by" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coin_ledger_checkout_id_unique" UNIQUE("checkout_id"),
	CONSTRAINT "coin_ledger_provider_payment_id_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "coin_ledger_balance_after_never_negative" CHECK ("coin_ledger"."balance_after" >= 0),
	CONSTRAINT "coin_ledger_coins_not_zero" CHECK ("coin_ledger"."coins" <> 0),
	CONSTRAINT "coin_ledger_sign_of_kind" CHECK (("coin_ledger"."kind" = 'unlock' and "coin_ledger"."coins" < 0) or ("coin_ledger"."kind" <> 'unlock' and "coin_ledger"."coins" > 0))
);
--> statement-breakpoint
CREATE TABLE "coin_unlocks" (
	"user_id" text NOT NULL,
	"chapter_id" integer NOT NULL,
	"comic_id" integer NOT NULL,
	"ledger_id" integer NOT NULL,
	"coins" integer NOT NULL,
	"unlocked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "coin_unlocks_user_id_chapter_id_pk" PRIMARY KEY("user_id","chapter_id"),
	CONSTRAINT "coin_unlocks_ledger_id_unique" UNIQUE("ledger_id")
);
--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_unlocks" ADD CONSTRAINT "coin_unlocks_chapter_id_chapters_id_fk" FOREIGN KEY ("chapter_id") REFERENCES "public"."chapters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_unlocks" ADD CONSTRAINT "coin_unlocks_ledger_id_coin_ledger_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."coin_ledger"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coin_ledger_user_idx" ON "coin_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "coin_unlocks_user_comic_idx" ON "coin_unlocks" USING btree ("user_id","comic_id");--> statement-breakpoint
-- Hand-written: the ledger is append-only. A correction is a new entry, never an edit of an old one. The
-- one change allowed is the erasure of an account (DELETE /me): the entry kept, its reader replaced by an
-- anonymous 'erased:' reference and its link to the erased order dropped, its amounts untouched.
CREATE FUNCTION "coin_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND NEW.user_id LIKE 'erased:%' AND OLD.user_id NOT LIKE 'erased:%'
		AND NEW.id = OLD.id AND NEW.kind = OLD.kind AND NEW.coins = OLD.coins AND NEW.balance_after = OLD.balance_after
		AND NEW.created_at = OLD.created_at AND NEW.checkout_id IS NULL THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'coin_ledger is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "coin_ledger_append_only" BEFORE UPDATE OR DELETE ON "coin_ledger"
	FOR EACH ROW EXECUTE FUNCTION "coin_ledger_append_only"();
