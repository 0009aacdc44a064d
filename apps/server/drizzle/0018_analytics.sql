CREATE TABLE "analytics_daily" (
	"store_id" text NOT NULL,
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"product_views" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"checkouts" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_store_id_day_dimension_value_pk" PRIMARY KEY("store_id","day","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "analytics_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"occurred_at" timestamp with time zone NOT NULL,
	"store_id" text NOT NULL,
	"local_day" date NOT NULL,
	"type" text NOT NULL,
	"visitor" bigint,
	"product_id" text,
	"link_id" text,
	"page" text,
	"order_id" text,
	"revenue_cents" integer,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"country" text,
	"device" text,
	"browser" text,
	"os" text,
	CONSTRAINT "analytics_events_occurred_at_id_pk" PRIMARY KEY("occurred_at","id")
) PARTITION BY RANGE ("occurred_at");
--> statement-breakpoint
-- Hand-written (drizzle-kit cannot declare partitions): monthly partitions are created ahead by
-- the app (analytics/partitions.ts); the default partition only catches a clock far off.
CREATE TABLE "analytics_events_default" PARTITION OF "analytics_events" DEFAULT;
--> statement-breakpoint
CREATE TABLE "analytics_hourly" (
	"store_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"product_views" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"checkouts" integer DEFAULT 0 NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"signups" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_hourly_store_id_hour_dimension_value_pk" PRIMARY KEY("store_id","hour","dimension","value")
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_visits" (
	"store_id" text NOT NULL,
	"local_day" date NOT NULL,
	"visitor" bigint NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"country" text,
	"device" text,
	"browser" text,
	"os" text,
	"viewed_store" integer DEFAULT 0 NOT NULL,
	"viewed_product" integer DEFAULT 0 NOT NULL,
	"started_checkout" integer DEFAULT 0 NOT NULL,
	"purchased" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_visits_store_id_local_day_visitor_pk" PRIMARY KEY("store_id","local_day","visitor")
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "analytics_visitor" bigint;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "analytics_visit_day" date;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_events" ADD CONSTRAINT "analytics_events_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_hourly" ADD CONSTRAINT "analytics_hourly_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_visits" ADD CONSTRAINT "analytics_visits_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_events_store_time_idx" ON "analytics_events" USING btree ("store_id","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_visits_day_idx" ON "analytics_visits" USING btree ("local_day");