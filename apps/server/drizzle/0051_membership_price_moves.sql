ALTER TABLE "memberships" ADD COLUMN "next_price_cents" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "next_price_from" timestamp with time zone;