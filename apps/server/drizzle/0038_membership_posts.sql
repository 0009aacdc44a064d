CREATE TABLE "membership_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"product_id" text NOT NULL,
	"title" text NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"tier_ids" jsonb,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_posts_status" CHECK ("membership_posts"."status" in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "membership_posts" ADD CONSTRAINT "membership_posts_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_posts" ADD CONSTRAINT "membership_posts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_posts_product_idx" ON "membership_posts" USING btree ("product_id","status","published_at");--> statement-breakpoint
CREATE INDEX "membership_posts_store_idx" ON "membership_posts" USING btree ("store_id");