ALTER TABLE "call_settings" DROP CONSTRAINT "call_settings_refund";--> statement-breakpoint
ALTER TABLE "call_settings" ADD COLUMN "refund_full_hours" integer;--> statement-breakpoint
ALTER TABLE "call_settings" ADD COLUMN "refund_partial_percent" integer;--> statement-breakpoint
ALTER TABLE "call_settings" ADD COLUMN "refund_none_hours" integer;--> statement-breakpoint
ALTER TABLE "call_settings" ADD CONSTRAINT "call_settings_refund" CHECK (("call_settings"."refund_on_cancel" in ('full', 'none') and "call_settings"."refund_full_hours" is null and "call_settings"."refund_partial_percent" is null and "call_settings"."refund_none_hours" is null)
        or ("call_settings"."refund_on_cancel" = 'tiered' and "call_settings"."refund_full_hours" between 1 and 720 and "call_settings"."refund_partial_percent" between 1 and 99 and "call_settings"."refund_none_hours" between 0 and "call_settings"."refund_full_hours" - 1));