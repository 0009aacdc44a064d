ALTER TABLE "products" ADD COLUMN "show_locked_post_titles" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "membership_post_id" text;--> statement-breakpoint
ALTER TABLE "membership_posts" ADD COLUMN "file_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_posts" ADD COLUMN "email_campaign_id" text;--> statement-breakpoint
ALTER TABLE "membership_posts" ADD COLUMN "emailed_at" timestamp with time zone;