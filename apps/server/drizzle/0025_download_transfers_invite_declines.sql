CREATE TABLE "download_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"file_id" text NOT NULL,
	"store_id" text NOT NULL,
	"reserved_bytes" bigint NOT NULL,
	"served_bytes" bigint,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "affiliate_invites" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "download_transfers" ADD CONSTRAINT "download_transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_transfers" ADD CONSTRAINT "download_transfers_file_id_product_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."product_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_transfers" ADD CONSTRAINT "download_transfers_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_transfers_order_file_idx" ON "download_transfers" USING btree ("order_id","file_id");--> statement-breakpoint
-- Downloads completed before the limit counted bytes each served the whole file.
INSERT INTO "download_transfers" ("id", "order_id", "file_id", "store_id", "reserved_bytes", "served_bytes", "started_at", "ended_at")
SELECT 'dlt_' || substr(md5("download_events"."id"), 1, 20), "download_events"."order_id", "download_events"."file_id", "download_events"."store_id",
  greatest("product_files"."size_bytes", 1), greatest("product_files"."size_bytes", 1), "download_events"."created_at", "download_events"."created_at"
FROM "download_events" INNER JOIN "product_files" ON "product_files"."id" = "download_events"."file_id";
