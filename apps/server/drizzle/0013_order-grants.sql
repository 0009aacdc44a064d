CREATE TABLE "order_grants" (
	"order_id" text NOT NULL,
	"product_id" text NOT NULL,
	"store_id" text NOT NULL,
	"via_product_id" text,
	CONSTRAINT "order_grants_order_id_product_id_pk" PRIMARY KEY("order_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "order_grants" ADD CONSTRAINT "order_grants_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_grants" ADD CONSTRAINT "order_grants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_grants" ADD CONSTRAINT "order_grants_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_grants_product_idx" ON "order_grants" USING btree ("product_id");--> statement-breakpoint
-- Back-fill: what each existing order grants today (its product, its lines, their bundles' items).
INSERT INTO "order_grants" ("order_id", "product_id", "store_id", "via_product_id")
SELECT o.id, o.product_id, o.store_id, NULL FROM "orders" o
UNION SELECT i.order_id, i.product_id, i.store_id, NULL FROM "order_items" i
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "order_grants" ("order_id", "product_id", "store_id", "via_product_id")
SELECT g.order_id, b.product_id, g.store_id, b.bundle_product_id
FROM "order_grants" g JOIN "bundle_items" b ON b.bundle_product_id = g.product_id
ON CONFLICT DO NOTHING;
