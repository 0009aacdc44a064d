CREATE TABLE "availability_overrides" (
	"store_id" text NOT NULL,
	"date" date NOT NULL,
	"hours" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "availability_overrides_store_id_date_pk" PRIMARY KEY("store_id","date")
);
--> statement-breakpoint
CREATE TABLE "booking_feeds" (
	"store_id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"product_id" text NOT NULL,
	"customer_id" text,
	"buyer_email" text NOT NULL,
	"buyer_name" text DEFAULT '' NOT NULL,
	"buyer_time_zone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"blocked_from" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"checkout_id" text,
	"order_id" text,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_times" CHECK ("bookings"."ends_at" > "bookings"."starts_at" and "bookings"."blocked_from" <= "bookings"."starts_at" and "bookings"."blocked_until" >= "bookings"."ends_at"),
	CONSTRAINT "bookings_hold" CHECK ("bookings"."status" <> 'held' or "bookings"."hold_expires_at" is not null)
);
--> statement-breakpoint
CREATE TABLE "call_settings" (
	"product_id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"buffer_before_minutes" integer DEFAULT 0 NOT NULL,
	"buffer_after_minutes" integer DEFAULT 0 NOT NULL,
	"min_notice_minutes" integer DEFAULT 240 NOT NULL,
	"booking_window_days" integer DEFAULT 60 NOT NULL,
	"daily_max" integer,
	"location_kind" text NOT NULL,
	"location_value" text,
	"intake_questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"package_size" integer DEFAULT 1 NOT NULL,
	"package_validity_days" integer,
	"change_notice_hours" integer DEFAULT 24 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "call_settings_duration" CHECK ("call_settings"."duration_minutes" between 5 and 480),
	CONSTRAINT "call_settings_buffers" CHECK ("call_settings"."buffer_before_minutes" between 0 and 240 and "call_settings"."buffer_after_minutes" between 0 and 240),
	CONSTRAINT "call_settings_notice" CHECK ("call_settings"."min_notice_minutes" between 0 and 43200 and "call_settings"."change_notice_hours" between 0 and 720),
	CONSTRAINT "call_settings_window" CHECK ("call_settings"."booking_window_days" between 1 and 730),
	CONSTRAINT "call_settings_daily_max" CHECK ("call_settings"."daily_max" is null or "call_settings"."daily_max" between 1 and 100),
	CONSTRAINT "call_settings_location" CHECK (("call_settings"."location_kind" = 'per-booking-link') = ("call_settings"."location_value" is null)),
	CONSTRAINT "call_settings_package" CHECK (("call_settings"."package_size" = 1 and "call_settings"."package_validity_days" is null) or ("call_settings"."package_size" between 2 and 100 and "call_settings"."package_validity_days" between 1 and 3650))
);
--> statement-breakpoint
CREATE TABLE "store_availability" (
	"store_id" text PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_holidays" (
	"id" text PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_holidays_order" CHECK ("store_holidays"."ends_on" >= "store_holidays"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "availability_overrides" ADD CONSTRAINT "availability_overrides_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_feeds" ADD CONSTRAINT "booking_feeds_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_settings" ADD CONSTRAINT "call_settings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_settings" ADD CONSTRAINT "call_settings_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_availability" ADD CONSTRAINT "store_availability_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_holidays" ADD CONSTRAINT "store_holidays_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_store_starts_idx" ON "bookings" USING btree ("store_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_product_starts_idx" ON "bookings" USING btree ("product_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_order_idx" ON "bookings" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_checkout_idx" ON "bookings" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "bookings_held_idx" ON "bookings" USING btree ("hold_expires_at") WHERE "bookings"."status" = 'held';--> statement-breakpoint
CREATE INDEX "call_settings_store_idx" ON "call_settings" USING btree ("store_id");--> statement-breakpoint
CREATE INDEX "store_holidays_store_idx" ON "store_holidays" USING btree ("store_id","starts_on");--> statement-breakpoint
-- Hand-written (drizzle-kit cannot declare extensions or exclusion constraints): one moment of a
-- store's time, buffers included, belongs to at most one held or confirmed booking (decision 043).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist ("store_id" WITH =, tstzrange("blocked_from", "blocked_until", '[)') WITH &&) WHERE ("status" IN ('held', 'confirmed'));
