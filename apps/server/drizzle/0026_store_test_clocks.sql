CREATE TABLE "store_test_clocks" (
	"store_id" text PRIMARY KEY NOT NULL,
	"offset_seconds" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "clock_store_id" text;--> statement-breakpoint
ALTER TABLE "store_test_clocks" ADD CONSTRAINT "store_test_clocks_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_clock_store_idx" ON "jobs" USING btree ("clock_store_id") WHERE "jobs"."clock_store_id" is not null and "jobs"."status" = 'pending';--> statement-breakpoint
-- The affiliate program's own clock becomes the store's one clock (decision 035).
INSERT INTO "store_test_clocks" ("store_id", "offset_seconds") SELECT "store_id", "test_clock_offset_seconds" FROM "affiliate_programs" WHERE "test_clock_offset_seconds" <> 0;--> statement-breakpoint
ALTER TABLE "affiliate_programs" DROP COLUMN "test_clock_offset_seconds";