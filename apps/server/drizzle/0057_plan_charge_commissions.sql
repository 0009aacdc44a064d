DROP INDEX "affiliate_commissions_order_idx";--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD COLUMN "plan_charge_id" text;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_plan_charge_id_payment_plan_charges_id_fk" FOREIGN KEY ("plan_charge_id") REFERENCES "public"."payment_plan_charges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_order_charge_key" UNIQUE NULLS NOT DISTINCT("order_id","plan_charge_id");--> statement-breakpoint
-- A payment plan's later instalments (decision 047) are revenue of their order's store: the
-- store's kept counters (decision 036) add each paid or refunded charge after the first (the first
-- is the order's own amount, counted by the orders trigger) to the gross of its status, and a
-- refunded one to the refunded total too. No order is added: an instalment is not a sale. Same
-- statement-level, sharded writes as the orders trigger, so every writer (the test charge job,
-- Stripe invoices, refunds, deletions, a restore) keeps the figures true.
CREATE FUNCTION "store_counters_count_plan_charges"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  "changes" jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('store_id', n."store_id", 'status', n."status", 'amount', n."amount_cents", 'sign', 1))
      INTO "changes" FROM "new_rows" n WHERE n."instalment" > 1 AND n."status" IN ('paid', 'refunded');
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('store_id', o."store_id", 'status', o."status", 'amount', o."amount_cents", 'sign', -1))
      INTO "changes" FROM "old_rows" o WHERE o."instalment" > 1 AND o."status" IN ('paid', 'refunded');
  ELSE
    -- Only the charges whose counted columns changed (a refund), each as minus before, plus after.
    SELECT jsonb_agg(change) INTO "changes" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
    CROSS JOIN LATERAL (VALUES
      (jsonb_build_object('store_id', o."store_id", 'status', o."status", 'amount', o."amount_cents", 'sign', -1)),
      (jsonb_build_object('store_id', n."store_id", 'status', n."status", 'amount', n."amount_cents", 'sign', 1))
    ) AS v(change)
    WHERE n."instalment" > 1
      AND (o."store_id", o."status", o."amount_cents") IS DISTINCT FROM (n."store_id", n."status", n."amount_cents");
  END IF;
  IF "changes" IS NULL THEN RETURN NULL; END IF;
  INSERT INTO "store_counters" AS t ("store_id", "shard", "paid_gross_cents", "refunded_gross_cents", "refunded_refunded_cents")
  SELECT "store_id", pg_backend_pid() % 8,
    coalesce(sum("sign" * "amount") FILTER (WHERE "status" = 'paid'), 0),
    coalesce(sum("sign" * "amount") FILTER (WHERE "status" = 'refunded'), 0),
    coalesce(sum("sign" * "amount") FILTER (WHERE "status" = 'refunded'), 0)
  FROM jsonb_to_recordset("changes") AS x("store_id" text, "status" text, "amount" bigint, "sign" integer)
  WHERE "status" IN ('paid', 'refunded') AND EXISTS (SELECT 1 FROM "stores" s WHERE s."id" = x."store_id")
  GROUP BY "store_id"
  ORDER BY "store_id"
  ON CONFLICT ("store_id", "shard") DO UPDATE SET
    "paid_gross_cents" = t."paid_gross_cents" + excluded."paid_gross_cents",
    "refunded_gross_cents" = t."refunded_gross_cents" + excluded."refunded_gross_cents",
    "refunded_refunded_cents" = t."refunded_refunded_cents" + excluded."refunded_refunded_cents";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payment_plan_charges_counted_insert" AFTER INSERT ON "payment_plan_charges" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "store_counters_count_plan_charges"();
--> statement-breakpoint
CREATE TRIGGER "payment_plan_charges_counted_update" AFTER UPDATE ON "payment_plan_charges" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "store_counters_count_plan_charges"();
--> statement-breakpoint
CREATE TRIGGER "payment_plan_charges_counted_delete" AFTER DELETE ON "payment_plan_charges" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "store_counters_count_plan_charges"();
--> statement-breakpoint
-- Stores whose plans already charged later instalments start from a recount of them (shard 0).
INSERT INTO "store_counters" AS t ("store_id", "shard", "paid_gross_cents", "refunded_gross_cents", "refunded_refunded_cents")
SELECT "store_id", 0,
  coalesce(sum("amount_cents") FILTER (WHERE "status" = 'paid'), 0),
  coalesce(sum("amount_cents") FILTER (WHERE "status" = 'refunded'), 0),
  coalesce(sum("amount_cents") FILTER (WHERE "status" = 'refunded'), 0)
FROM "payment_plan_charges" WHERE "instalment" > 1 AND "status" IN ('paid', 'refunded')
GROUP BY "store_id"
ON CONFLICT ("store_id", "shard") DO UPDATE SET
  "paid_gross_cents" = t."paid_gross_cents" + excluded."paid_gross_cents",
  "refunded_gross_cents" = t."refunded_gross_cents" + excluded."refunded_gross_cents",
  "refunded_refunded_cents" = t."refunded_refunded_cents" + excluded."refunded_refunded_cents";
