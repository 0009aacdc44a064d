CREATE TABLE "website_page_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"page_id" text NOT NULL,
	"store_id" text NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"title" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text
);
--> statement-breakpoint
CREATE TABLE "website_pages" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"position" integer NOT NULL,
	"seo_title" text DEFAULT '' NOT NULL,
	"seo_description" text DEFAULT '' NOT NULL,
	"seo_image_src" text DEFAULT '' NOT NULL,
	"draft_content" jsonb,
	"draft_updated_at" timestamp with time zone,
	"published_content" jsonb,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "website_page_versions" ADD CONSTRAINT "website_page_versions_page_id_website_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."website_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_page_versions" ADD CONSTRAINT "website_page_versions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_page_versions" ADD CONSTRAINT "website_page_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_pages" ADD CONSTRAINT "website_pages_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "website_page_versions_page_version_idx" ON "website_page_versions" USING btree ("page_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "website_pages_store_slug_idx" ON "website_pages" USING btree ("store_id","slug");--> statement-breakpoint
CREATE INDEX "website_pages_store_position_idx" ON "website_pages" USING btree ("store_id","position");