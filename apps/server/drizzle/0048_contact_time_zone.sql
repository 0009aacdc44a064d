ALTER TABLE "customers" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "time_zone" text;