-- Dashboard answers kept in memory (http/callable/answer-cache.ts: the product list, store stats,
-- the analytics overview) are dropped when a row they are made of changes. As with the counters
-- (decision 036), the database announces it, so every writer (editors, imports, the analytics
-- flush, deletions, cascades, a restore) is covered without knowing the cache exists: one NOTIFY
-- per statement and store, delivered on commit to every server's LISTEN connection. Orders and
-- customers send none: a transaction that notifies holds a database-wide lock through its commit,
-- which would queue concurrent checkouts; what they change (the counters kept on write) is read
-- with every call's session instead, as the versions of the store's counter rows (decision 040).
-- An empty payload (TRUNCATE) drops every store's answers; `analytics:<storeId>` (the daily and
-- hourly rollups, written by every analytics flush) drops only that store's analytics answers.
CREATE FUNCTION "dashboard_changed_by_store"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  "prefix" text := CASE WHEN TG_TABLE_NAME IN ('analytics_daily', 'analytics_hourly') THEN 'analytics:' ELSE '' END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('dashboard_changed', "prefix" || s) FROM (SELECT DISTINCT "store_id" AS s FROM "new_rows") d;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('dashboard_changed', "prefix" || s) FROM (SELECT DISTINCT "store_id" AS s FROM "old_rows") d;
  ELSE
    PERFORM pg_notify('dashboard_changed', "prefix" || s)
      FROM (SELECT "store_id" AS s FROM "new_rows" UNION SELECT "store_id" FROM "old_rows") d;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "dashboard_changed_store_rows"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('dashboard_changed', s) FROM (SELECT "id" AS s FROM "old_rows") d;
  ELSE
    PERFORM pg_notify('dashboard_changed', s) FROM (SELECT "id" AS s FROM "new_rows") d;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "dashboard_changed_all"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('dashboard_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "stores_dashboard_update" AFTER UPDATE ON "stores" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_changed_store_rows"();
--> statement-breakpoint
CREATE TRIGGER "stores_dashboard_delete" AFTER DELETE ON "stores" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_changed_store_rows"();
--> statement-breakpoint
CREATE TRIGGER "stores_dashboard_truncate" AFTER TRUNCATE ON "stores" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_changed_all"();
--> statement-breakpoint
DO $$
DECLARE
  "t" text;
BEGIN
  -- Every table with a store_id that a kept answer reads.
  FOREACH "t" IN ARRAY ARRAY['products', 'product_files', 'bundle_items', 'email_campaigns', 'analytics_daily', 'analytics_hourly'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_changed_by_store"()', "t" || '_dashboard_insert', "t");
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_changed_by_store"()', "t" || '_dashboard_update', "t");
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_changed_by_store"()', "t" || '_dashboard_delete', "t");
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_changed_all"()', "t" || '_dashboard_truncate', "t");
  END LOOP;
END;
$$;
