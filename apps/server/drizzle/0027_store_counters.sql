CREATE TABLE "product_counters" (
	"product_id" text NOT NULL,
	"shard" smallint NOT NULL,
	"paid_orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_counters_product_id_shard_pk" PRIMARY KEY("product_id","shard")
);
--> statement-breakpoint
CREATE TABLE "store_counters" (
	"store_id" text NOT NULL,
	"shard" smallint NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL,
	"paid_orders" integer DEFAULT 0 NOT NULL,
	"paid_gross_cents" bigint DEFAULT 0 NOT NULL,
	"paid_refunded_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_orders" integer DEFAULT 0 NOT NULL,
	"refunded_gross_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_refunded_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "store_counters_store_id_shard_pk" PRIMARY KEY("store_id","shard")
);
--> statement-breakpoint
ALTER TABLE "product_counters" ADD CONSTRAINT "product_counters_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_counters" ADD CONSTRAINT "store_counters_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_store_name_prefix_idx" ON "customers" USING btree ("store_id",lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_store_email_prefix_idx" ON "customers" USING btree ("store_id","email" text_pattern_ops);--> statement-breakpoint
-- Counters on write (decision 036). Statement-level triggers add one aggregated delta per
-- statement (a 10,000-contact import is one write, not 10,000), and into the row of this
-- connection's shard (backend pid % 8), so concurrent checkouts of one store or one product do not
-- queue on one row; readers sum the shards. Every writer (checkout, refunds, imports, deletions,
-- a restore) keeps the counts true. A delta is added only while its store or product exists: a
-- store's deletion cascades to its counters.
CREATE FUNCTION "store_counters_apply"("changes" jsonb) RETURNS void
LANGUAGE sql AS $$
  WITH "c" AS (
    SELECT * FROM jsonb_to_recordset("changes") AS x("store_id" text, "product_id" text, "status" text, "gross" bigint, "refunded" bigint, "customers" integer, "sign" integer)
  ), "stores_changed" AS (
    INSERT INTO "store_counters" AS t ("store_id", "shard", "customers", "paid_orders", "paid_gross_cents", "paid_refunded_cents", "refunded_orders", "refunded_gross_cents", "refunded_refunded_cents")
    SELECT "store_id", pg_backend_pid() % 8,
      coalesce(sum("sign" * "customers"), 0),
      coalesce(sum("sign") FILTER (WHERE "status" = 'paid'), 0),
      coalesce(sum("sign" * "gross") FILTER (WHERE "status" = 'paid'), 0),
      coalesce(sum("sign" * "refunded") FILTER (WHERE "status" = 'paid'), 0),
      coalesce(sum("sign") FILTER (WHERE "status" = 'refunded'), 0),
      coalesce(sum("sign" * "gross") FILTER (WHERE "status" = 'refunded'), 0),
      coalesce(sum("sign" * "refunded") FILTER (WHERE "status" = 'refunded'), 0)
    FROM "c" WHERE EXISTS (SELECT 1 FROM "stores" s WHERE s."id" = "c"."store_id")
    GROUP BY "store_id"
    ON CONFLICT ("store_id", "shard") DO UPDATE SET
      "customers" = t."customers" + excluded."customers",
      "paid_orders" = t."paid_orders" + excluded."paid_orders",
      "paid_gross_cents" = t."paid_gross_cents" + excluded."paid_gross_cents",
      "paid_refunded_cents" = t."paid_refunded_cents" + excluded."paid_refunded_cents",
      "refunded_orders" = t."refunded_orders" + excluded."refunded_orders",
      "refunded_gross_cents" = t."refunded_gross_cents" + excluded."refunded_gross_cents",
      "refunded_refunded_cents" = t."refunded_refunded_cents" + excluded."refunded_refunded_cents"
  )
  INSERT INTO "product_counters" AS t ("product_id", "shard", "paid_orders")
  SELECT "product_id", pg_backend_pid() % 8, sum("sign")
  FROM "c" WHERE "status" = 'paid' AND EXISTS (SELECT 1 FROM "products" p WHERE p."id" = "c"."product_id")
  GROUP BY "product_id" HAVING sum("sign") <> 0
  ORDER BY "product_id"
  ON CONFLICT ("product_id", "shard") DO UPDATE SET "paid_orders" = t."paid_orders" + excluded."paid_orders";
$$;
--> statement-breakpoint
CREATE FUNCTION "store_counters_count_orders"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  "changes" jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('store_id', n."store_id", 'product_id', n."product_id", 'status', n."status", 'gross', n."amount_cents", 'refunded', n."refunded_cents", 'customers', 0, 'sign', 1))
      INTO "changes" FROM "new_rows" n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('store_id', o."store_id", 'product_id', o."product_id", 'status', o."status", 'gross', o."amount_cents", 'refunded', o."refunded_cents", 'customers', 0, 'sign', -1))
      INTO "changes" FROM "old_rows" o;
  ELSE
    -- Only the orders whose counted columns changed (a refund), each as minus before, plus after.
    SELECT jsonb_agg(change) INTO "changes" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
    CROSS JOIN LATERAL (VALUES
      (jsonb_build_object('store_id', o."store_id", 'product_id', o."product_id", 'status', o."status", 'gross', o."amount_cents", 'refunded', o."refunded_cents", 'customers', 0, 'sign', -1)),
      (jsonb_build_object('store_id', n."store_id", 'product_id', n."product_id", 'status', n."status", 'gross', n."amount_cents", 'refunded', n."refunded_cents", 'customers', 0, 'sign', 1))
    ) AS v(change)
    WHERE (o."store_id", o."product_id", o."status", o."amount_cents", o."refunded_cents") IS DISTINCT FROM (n."store_id", n."product_id", n."status", n."amount_cents", n."refunded_cents");
  END IF;
  IF "changes" IS NOT NULL THEN PERFORM "store_counters_apply"("changes"); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_counted_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "store_counters_count_orders"();
--> statement-breakpoint
CREATE TRIGGER "orders_counted_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "store_counters_count_orders"();
--> statement-breakpoint
CREATE TRIGGER "orders_counted_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "store_counters_count_orders"();
--> statement-breakpoint
CREATE FUNCTION "store_counters_count_customers"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  "changes" jsonb;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('store_id', "store_id", 'customers', "n", 'sign', 1)) INTO "changes"
      FROM (SELECT "store_id", count(*) AS "n" FROM "new_rows" GROUP BY "store_id") AS g;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('store_id', "store_id", 'customers', "n", 'sign', -1)) INTO "changes"
      FROM (SELECT "store_id", count(*) AS "n" FROM "old_rows" GROUP BY "store_id") AS g;
  END IF;
  IF "changes" IS NOT NULL THEN PERFORM "store_counters_apply"("changes"); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "customers_counted_insert" AFTER INSERT ON "customers" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "store_counters_count_customers"();
--> statement-breakpoint
CREATE TRIGGER "customers_counted_delete" AFTER DELETE ON "customers" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "store_counters_count_customers"();
--> statement-breakpoint
-- Stores and products that already have customers and orders start from a recount (shard 0).
INSERT INTO "store_counters" ("store_id", "shard", "customers", "paid_orders", "paid_gross_cents", "paid_refunded_cents", "refunded_orders", "refunded_gross_cents", "refunded_refunded_cents")
SELECT s."id", 0,
  (SELECT count(*) FROM "customers" c WHERE c."store_id" = s."id"),
  coalesce(o."paid_orders", 0), coalesce(o."paid_gross_cents", 0), coalesce(o."paid_refunded_cents", 0),
  coalesce(o."refunded_orders", 0), coalesce(o."refunded_gross_cents", 0), coalesce(o."refunded_refunded_cents", 0)
FROM "stores" s
LEFT JOIN (
  SELECT "store_id",
    count(*) FILTER (WHERE "status" = 'paid') AS "paid_orders",
    sum("amount_cents") FILTER (WHERE "status" = 'paid') AS "paid_gross_cents",
    sum("refunded_cents") FILTER (WHERE "status" = 'paid') AS "paid_refunded_cents",
    count(*) FILTER (WHERE "status" = 'refunded') AS "refunded_orders",
    sum("amount_cents") FILTER (WHERE "status" = 'refunded') AS "refunded_gross_cents",
    sum("refunded_cents") FILTER (WHERE "status" = 'refunded') AS "refunded_refunded_cents"
  FROM "orders" GROUP BY "store_id"
) o ON o."store_id" = s."id"
WHERE o."store_id" IS NOT NULL OR EXISTS (SELECT 1 FROM "customers" c WHERE c."store_id" = s."id");
--> statement-breakpoint
INSERT INTO "product_counters" ("product_id", "shard", "paid_orders")
SELECT "product_id", 0, count(*) FROM "orders" WHERE "status" = 'paid' GROUP BY "product_id";
