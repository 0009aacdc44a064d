CREATE TABLE "region_heartbeats" (
	"region" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "region_status" (
	"region" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"reads_from" text NOT NULL,
	"lag_ms" integer,
	"lag_p50_ms" integer,
	"lag_p99_ms" integer,
	"detail" text,
	"checked_at" timestamp with time zone NOT NULL
);
