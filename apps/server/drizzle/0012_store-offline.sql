ALTER TABLE "stores" ADD COLUMN "offline_reason" text;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "offline_note" text;