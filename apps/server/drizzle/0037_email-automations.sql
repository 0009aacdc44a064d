CREATE TABLE "automation_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"automation_id" text NOT NULL,
	"store_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"trigger_key" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"stop_reason" text,
	"clock" text DEFAULT 'real' NOT NULL,
	"step_id" text,
	"step_index" integer DEFAULT 0 NOT NULL,
	"checkout_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "automation_step_emails" (
	"campaign_id" text PRIMARY KEY NOT NULL,
	"automation_id" text NOT NULL,
	"step_id" text NOT NULL,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "automation_step_runs" (
	"run_id" text NOT NULL,
	"step_id" text NOT NULL,
	"automation_id" text NOT NULL,
	"store_id" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"outcome" text,
	"recipient_id" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "automation_step_runs_run_id_step_id_pk" PRIMARY KEY("run_id","step_id")
);
--> statement-breakpoint
CREATE TABLE "automations" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"trigger_kind" text NOT NULL,
	"trigger" jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "email_campaign_recipients_campaign_email_idx";--> statement-breakpoint
ALTER TABLE "email_campaign_recipients" ADD COLUMN "automation_run_id" text;--> statement-breakpoint
ALTER TABLE "email_campaigns" ADD COLUMN "automation_id" text;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_runs" ADD CONSTRAINT "automation_runs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_step_emails" ADD CONSTRAINT "automation_step_emails_campaign_id_email_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."email_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_step_emails" ADD CONSTRAINT "automation_step_emails_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_step_runs" ADD CONSTRAINT "automation_step_runs_run_id_automation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."automation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automations" ADD CONSTRAINT "automations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_event_idx" ON "automation_runs" USING btree ("automation_id","customer_id","trigger_key");--> statement-breakpoint
CREATE INDEX "automation_runs_step_idx" ON "automation_runs" USING btree ("automation_id","step_id") WHERE "automation_runs"."status" = 'active';--> statement-breakpoint
CREATE INDEX "automation_runs_checkout_idx" ON "automation_runs" USING btree ("checkout_id") WHERE "automation_runs"."checkout_id" is not null and "automation_runs"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "automation_step_emails_version_idx" ON "automation_step_emails" USING btree ("automation_id","step_id","content_hash");--> statement-breakpoint
CREATE INDEX "automation_step_runs_step_idx" ON "automation_step_runs" USING btree ("automation_id","step_id");--> statement-breakpoint
CREATE INDEX "automations_store_idx" ON "automations" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "automations_live_trigger_idx" ON "automations" USING btree ("store_id","trigger_kind") WHERE "automations"."status" = 'live';--> statement-breakpoint
CREATE UNIQUE INDEX "email_campaign_recipients_run_idx" ON "email_campaign_recipients" USING btree ("automation_run_id","campaign_id") WHERE "email_campaign_recipients"."automation_run_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "email_campaign_recipients_campaign_email_idx" ON "email_campaign_recipients" USING btree ("campaign_id","email") WHERE "email_campaign_recipients"."automation_run_id" is null;