-- The raw events lose their foreign key to stores: checking it looked up and locked the store once
-- per event, about half of the flush statement's time once its rollups were grouped (decision 059).
-- A deleted store's events go by this trigger instead, whichever statement deletes the store.
-- A flush that races the deletion still fails as a whole: its rollup upserts keep their foreign keys.
ALTER TABLE "analytics_events" DROP CONSTRAINT "analytics_events_store_id_stores_id_fk";--> statement-breakpoint
CREATE FUNCTION "analytics_events_of_deleted_stores"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    -- A DELETE, not a TRUNCATE: the statement that fired this may be truncating analytics_events too.
    DELETE FROM "analytics_events";
  ELSE
    DELETE FROM "analytics_events" WHERE "store_id" IN (SELECT "id" FROM "old_rows");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stores_analytics_events_delete" AFTER DELETE ON "stores" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "analytics_events_of_deleted_stores"();--> statement-breakpoint
CREATE TRIGGER "stores_analytics_events_truncate" AFTER TRUNCATE ON "stores" FOR EACH STATEMENT EXECUTE FUNCTION "analytics_events_of_deleted_stores"();
