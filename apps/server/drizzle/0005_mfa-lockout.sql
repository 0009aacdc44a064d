ALTER TABLE "mfa_factors" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "locked_at" timestamp with time zone;