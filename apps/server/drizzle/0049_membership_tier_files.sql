CREATE TABLE "membership_tier_files" (
	"tier_id" text NOT NULL,
	"file_id" text NOT NULL,
	"store_id" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_tier_files_tier_id_file_id_pk" PRIMARY KEY("tier_id","file_id")
);
--> statement-breakpoint
ALTER TABLE "download_transfers" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "download_transfers" ADD COLUMN "membership_id" text;--> statement-breakpoint
ALTER TABLE "membership_tier_files" ADD CONSTRAINT "membership_tier_files_tier_id_membership_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."membership_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_tier_files" ADD CONSTRAINT "membership_tier_files_file_id_product_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."product_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_tier_files" ADD CONSTRAINT "membership_tier_files_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "membership_tier_files_file_idx" ON "membership_tier_files" USING btree ("file_id");--> statement-breakpoint
ALTER TABLE "download_transfers" ADD CONSTRAINT "download_transfers_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "download_transfers_membership_file_idx" ON "download_transfers" USING btree ("membership_id","file_id");--> statement-breakpoint
ALTER TABLE "download_transfers" ADD CONSTRAINT "download_transfers_one_holder" CHECK (num_nonnulls("download_transfers"."order_id", "download_transfers"."membership_id") = 1);