ALTER TABLE "bookings" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "call_settings" ADD COLUMN "refund_on_cancel" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "call_settings" ADD CONSTRAINT "call_settings_refund" CHECK ("call_settings"."refund_on_cancel" in ('full', 'none'));