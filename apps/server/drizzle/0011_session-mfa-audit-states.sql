ALTER TABLE "admin_audit_log" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD COLUMN "after" jsonb;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "mfa_verified_at" timestamp with time zone;