-- Kept dashboard answers made of orders and customers (decision 040: listOrders' pages and the
-- customer search) are good only while nothing they show changed. Orders and customers send no
-- notification (a notifying transaction holds a database-wide lock through its commit); their
-- inserts, deletions and counted updates already write the store's counter rows, whose versions
-- (`xmin`) every dashboard call reads with its session. The rest of what those answers show —
-- a customer's name, email, notes, tags, consent or account, any other column of an order, its
-- refunds and lines, and its downloads — now writes its store's counter row too: one aggregated,
-- sharded no-op update per statement and store (as decision 036's deltas), so each of those
-- writes changes the versions. A TRUNCATE drops every server's kept answers.
CREATE FUNCTION "store_counters_touch"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "store_counters" AS t ("store_id", "shard")
    SELECT DISTINCT n."store_id", pg_backend_pid() % 8 FROM "new_rows" n
    WHERE EXISTS (SELECT 1 FROM "stores" s WHERE s."id" = n."store_id") ORDER BY 1
    ON CONFLICT ("store_id", "shard") DO UPDATE SET "customers" = t."customers";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "store_counters" AS t ("store_id", "shard")
    SELECT DISTINCT o."store_id", pg_backend_pid() % 8 FROM "old_rows" o
    WHERE EXISTS (SELECT 1 FROM "stores" s WHERE s."id" = o."store_id") ORDER BY 1
    ON CONFLICT ("store_id", "shard") DO UPDATE SET "customers" = t."customers";
  ELSE
    INSERT INTO "store_counters" AS t ("store_id", "shard")
    SELECT c."store_id", pg_backend_pid() % 8 FROM (SELECT "store_id" FROM "new_rows" UNION SELECT "store_id" FROM "old_rows") c
    WHERE EXISTS (SELECT 1 FROM "stores" s WHERE s."id" = c."store_id") ORDER BY 1
    ON CONFLICT ("store_id", "shard") DO UPDATE SET "customers" = t."customers";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "customers_touched_update" AFTER UPDATE ON "customers" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "store_counters_touch"();
--> statement-breakpoint
CREATE TRIGGER "orders_touched_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "store_counters_touch"();
--> statement-breakpoint
CREATE TRIGGER "customers_dashboard_truncate" AFTER TRUNCATE ON "customers" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_changed_all"();
--> statement-breakpoint
CREATE TRIGGER "orders_dashboard_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_changed_all"();
--> statement-breakpoint
DO $$
DECLARE
  "t" text;
BEGIN
  FOREACH "t" IN ARRAY ARRAY['order_items', 'order_refunds', 'download_events'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "store_counters_touch"()', "t" || '_touched_insert', "t");
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "store_counters_touch"()', "t" || '_touched_update', "t");
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "store_counters_touch"()', "t" || '_touched_delete', "t");
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_changed_all"()', "t" || '_dashboard_truncate', "t");
  END LOOP;
END;
$$;
