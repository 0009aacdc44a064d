CREATE TABLE "membership_checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"tier_id" text NOT NULL,
	"interval" text NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"marketing_consent" boolean DEFAULT false NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"membership_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "membership_invoices_charge_idx";--> statement-breakpoint
ALTER TABLE "membership_invoices" ADD COLUMN "kind" text DEFAULT 'period' NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_checkouts" ADD CONSTRAINT "membership_checkouts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_checkouts" ADD CONSTRAINT "membership_checkouts_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_checkouts" ADD CONSTRAINT "membership_checkouts_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_checkouts_idempotency_idx" ON "membership_checkouts" USING btree ("store_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "membership_invoices_charge_idx" ON "membership_invoices" USING btree ("membership_id","kind","period_start","attempt");