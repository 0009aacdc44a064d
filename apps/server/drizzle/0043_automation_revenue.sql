CREATE TABLE "automation_order_attributions" (
	"order_id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"automation_id" text NOT NULL,
	"step_id" text NOT NULL,
	"recipient_id" text NOT NULL,
	"clicked_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "automation_order_attributions" ADD CONSTRAINT "automation_order_attributions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_order_attributions" ADD CONSTRAINT "automation_order_attributions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automation_order_attributions" ADD CONSTRAINT "automation_order_attributions_automation_id_automations_id_fk" FOREIGN KEY ("automation_id") REFERENCES "public"."automations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_order_attributions_step_idx" ON "automation_order_attributions" USING btree ("automation_id","step_id");--> statement-breakpoint
CREATE INDEX "email_campaign_recipients_automation_click_idx" ON "email_campaign_recipients" USING btree ("customer_id","clicked_at") WHERE "email_campaign_recipients"."automation_run_id" is not null and "email_campaign_recipients"."clicked_at" is not null;