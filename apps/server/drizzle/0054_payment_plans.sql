CREATE TABLE "payment_plan_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"store_id" text NOT NULL,
	"instalment" integer NOT NULL,
	"attempt" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"provider_payment_id" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"order_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"product_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_account_id" text,
	"instalments" integer NOT NULL,
	"instalment_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"paid_count" integer NOT NULL,
	"status" text NOT NULL,
	"next_due_at" timestamp with time zone,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"grace_until" timestamp with time zone,
	"test_card" text,
	"provider_subscription_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_plans_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "plan_instalments" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "plan_instalment_cents" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "plan_instalments" integer;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "plan_instalment_cents" integer;--> statement-breakpoint
ALTER TABLE "payment_plan_charges" ADD CONSTRAINT "payment_plan_charges_plan_id_payment_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."payment_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plan_charges" ADD CONSTRAINT "payment_plan_charges_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_plan_charges_charge_idx" ON "payment_plan_charges" USING btree ("plan_id","instalment","attempt");--> statement-breakpoint
CREATE INDEX "payment_plan_charges_store_created_idx" ON "payment_plan_charges" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_plans_store_idx" ON "payment_plans" USING btree ("store_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_plans_customer_idx" ON "payment_plans" USING btree ("customer_id");