CREATE TABLE "membership_stripe_prices" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"tier_id" text NOT NULL,
	"account_id" text NOT NULL,
	"interval" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"stripe_product_id" text NOT NULL,
	"stripe_price_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "membership_stripe_subscriptions" (
	"subscription_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"store_id" text NOT NULL,
	"membership_checkout_id" text,
	"stripe_customer_id" text NOT NULL,
	"item_id" text,
	"price_id" text,
	"last_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "membership_checkouts" ADD COLUMN "provider_account_id" text;--> statement-breakpoint
ALTER TABLE "membership_checkouts" ADD COLUMN "provider_session_id" text;--> statement-breakpoint
ALTER TABLE "membership_stripe_prices" ADD CONSTRAINT "membership_stripe_prices_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_stripe_prices" ADD CONSTRAINT "membership_stripe_prices_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_stripe_subscriptions" ADD CONSTRAINT "membership_stripe_subscriptions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_stripe_subscriptions" ADD CONSTRAINT "membership_stripe_subscriptions_membership_checkout_id_membership_checkouts_id_fk" FOREIGN KEY ("membership_checkout_id") REFERENCES "public"."membership_checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_stripe_prices_tier_price_idx" ON "membership_stripe_prices" USING btree ("account_id","tier_id","interval","amount_cents","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_stripe_prices_price_idx" ON "membership_stripe_prices" USING btree ("account_id","stripe_price_id");