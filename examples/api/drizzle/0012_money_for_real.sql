CREATE TABLE "payment_customers" (
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_customers_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "renewal_intents" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"subscription_id" integer NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'charging' NOT NULL,
	"provider_payment_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "coin_ledger" DROP CONSTRAINT "coin_ledger_sign_of_kind";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "renewal_intents_status_idx" ON "renewal_intents" USING btree ("status");--> statement-breakpoint
ALTER TABLE "coin_ledger" ADD CONSTRAINT "coin_ledger_sign_of_kind" CHECK (("coin_ledger"."kind" in ('unlock', 'reversal') and "coin_ledger"."coins" < 0) or ("coin_ledger"."kind" not in ('unlock', 'reversal') and "coin_ledger"."coins" > 0));--> statement-breakpoint
-- Erasure also replaces an erased admin's uid in created_by (and nothing else of the entry).
CREATE OR REPLACE FUNCTION "coin_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND NEW.id = OLD.id AND NEW.kind = OLD.kind AND NEW.coins = OLD.coins AND NEW.balance_after = OLD.balance_after
		AND NEW.created_at = OLD.created_at AND NEW.checkout_id IS NULL
		AND ((NEW.user_id LIKE 'erased:%' AND OLD.user_id NOT LIKE 'erased:%') OR NEW.user_id = OLD.user_id)
		AND (NEW.created_by IS NOT DISTINCT FROM OLD.created_by OR NEW.created_by LIKE 'erased:%')
		AND (NEW.user_id <> OLD.user_id OR NEW.created_by IS DISTINCT FROM OLD.created_by) THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'coin_ledger is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;
