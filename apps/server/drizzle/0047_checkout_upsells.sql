CREATE TABLE "checkout_upsells" (
	"checkout_id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"product_id" text NOT NULL,
	"price_cents" integer NOT NULL,
	"headline" text,
	"payment_method" text,
	"provider_customer" text,
	"status" text DEFAULT 'offered' NOT NULL,
	"failure_message" text,
	"upsell_checkout_id" text,
	"paid_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "upsell_product_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "upsell_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "upsell_headline" text;--> statement-breakpoint
ALTER TABLE "checkout_upsells" ADD CONSTRAINT "checkout_upsells_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_upsells" ADD CONSTRAINT "checkout_upsells_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_upsells" ADD CONSTRAINT "checkout_upsells_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_upsells" ADD CONSTRAINT "checkout_upsells_upsell_checkout_id_checkouts_id_fk" FOREIGN KEY ("upsell_checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_upsells_store_idx" ON "checkout_upsells" USING btree ("store_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_upsell_product_id_products_id_fk" FOREIGN KEY ("upsell_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;