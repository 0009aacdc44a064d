CREATE TABLE "email_campaign_recipients" (
	"id" text PRIMARY KEY NOT NULL,
	"campaign_id" text NOT NULL,
	"store_id" text NOT NULL,
	"customer_id" text,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message_id" text NOT NULL,
	"provider_message_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone,
	"bounced_at" timestamp with time zone,
	"complained_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"preview_text" text DEFAULT '' NOT NULL,
	"body" jsonb NOT NULL,
	"segment_id" text,
	"filter_snapshot" jsonb,
	"status" text DEFAULT 'draft' NOT NULL,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"status_note" text,
	"recipient_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_segments" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_send_windows" (
	"scope" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "email_send_windows_scope_window_start_pk" PRIMARY KEY("scope","window_start")
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"store_id" text NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"campaign_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_suppressions_store_id_email_pk" PRIMARY KEY("store_id","email")
);
--> statement-breakpoint
CREATE TABLE "email_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_email_settings" (
	"store_id" text PRIMARY KEY NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"reply_to" text,
	"postal_address" text DEFAULT '' NOT NULL,
	"tracking_enabled" boolean DEFAULT false NOT NULL,
	"enabled_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"paused_reason" text,
	"smtp2go_subaccount_id" text,
	"smtp2go_api_key_encrypted" text,
	"smtp2go_webhook_id" text,
	"smtp2go_webhook_status" text DEFAULT 'none' NOT NULL,
	"smtp2go_last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "marketing_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_campaign_recipients" ADD CONSTRAINT "email_campaign_recipients_campaign_id_email_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."email_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_campaign_recipients" ADD CONSTRAINT "email_campaign_recipients_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_campaign_recipients" ADD CONSTRAINT "email_campaign_recipients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD CONSTRAINT "email_campaigns_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD CONSTRAINT "email_campaigns_segment_id_email_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."email_segments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_segments" ADD CONSTRAINT "email_segments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_email_settings" ADD CONSTRAINT "store_email_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_campaign_recipients_campaign_email_idx" ON "email_campaign_recipients" USING btree ("campaign_id","email");--> statement-breakpoint
CREATE INDEX "email_campaign_recipients_pending_idx" ON "email_campaign_recipients" USING btree ("campaign_id","id") WHERE "email_campaign_recipients"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "email_campaign_recipients_message_idx" ON "email_campaign_recipients" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "email_campaign_recipients_store_sent_idx" ON "email_campaign_recipients" USING btree ("store_id","sent_at");--> statement-breakpoint
CREATE INDEX "email_campaigns_store_idx" ON "email_campaigns" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "email_campaigns_due_idx" ON "email_campaigns" USING btree ("scheduled_at") WHERE "email_campaigns"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "email_segments_store_idx" ON "email_segments" USING btree ("store_id","created_at");