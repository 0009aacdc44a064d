ALTER TABLE "products" ADD COLUMN "downsell_product_id" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "downsell_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "downsell_headline" text;--> statement-breakpoint
ALTER TABLE "checkout_upsells" ADD COLUMN "downsell_product_id" text;--> statement-breakpoint
ALTER TABLE "checkout_upsells" ADD COLUMN "downsell_price_cents" integer;--> statement-breakpoint
ALTER TABLE "checkout_upsells" ADD COLUMN "downsell_headline" text;--> statement-breakpoint
ALTER TABLE "checkout_upsells" ADD COLUMN "downsell_status" text;--> statement-breakpoint
ALTER TABLE "checkout_upsells" ADD COLUMN "downsell_failure_message" text;--> statement-breakpoint
ALTER TABLE "checkout_upsells" ADD COLUMN "downsell_checkout_id" text;--> statement-breakpoint
ALTER TABLE "checkout_upsells" ADD COLUMN "downsell_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_downsell_product_id_products_id_fk" FOREIGN KEY ("downsell_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_upsells" ADD CONSTRAINT "checkout_upsells_downsell_product_id_products_id_fk" FOREIGN KEY ("downsell_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_upsells" ADD CONSTRAINT "checkout_upsells_downsell_checkout_id_checkouts_id_fk" FOREIGN KEY ("downsell_checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;