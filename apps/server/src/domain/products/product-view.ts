// Exports the Product view (findStoreProducts, getProductView, inStorefrontOrder): one module because the list
// and the single product share the storefront order and the wire shape.
import type { Product } from '@shopfront/core';
import { eq, sql, type SQL } from 'drizzle-orm';
import { bundleItems, productCounters, productFiles, products, type ProductRow, type StoreRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

type Sortable = Pick<ProductRow, 'id' | 'status'> & { createdAt: Date | string };

/** ISO instants (`toISOString`'s fixed-width UTC form) sort as text; Dates by their time. */
const olderFirst = (a: Date | string, b: Date | string) =>
  typeof a === 'string' && typeof b === 'string' ? (a < b ? -1 : a > b ? 1 : 0) : new Date(a).getTime() - new Date(b).getTime();

const newestFirst = (a: Sortable, b: Sortable) => olderFirst(b.createdAt, a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * docs/selling.md storefront order: the ids in `productLayout.order` first, then the others
 * newest first. Archived products (only listed on request) follow, newest first.
 */
export function inStorefrontOrder<T extends Sortable>(rows: T[], layoutOrder: readonly string[]): T[] {
  const rank = new Map(layoutOrder.map((id, index) => [id, index]));
  const live = rows.filter((row) => row.status !== 'archived');
  const placed = live.filter((row) => rank.has(row.id)).sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  const others = live.filter((row) => !rank.has(row.id)).sort(newestFirst);
  const archived = rows.filter((row) => row.status === 'archived').sort(newestFirst);
  return [...placed, ...others, ...archived];
}

/** An instant as `toISOString` writes it, made by PostgreSQL. */
const isoText = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A product as the wire carries it, but for its position in the storefront order. */
type ProductFields = Omit<Product, 'position'>;

/**
 * Products in their wire shape, made by PostgreSQL in one query (not four, and no ORM row mapping
 * of 200 rows: docs/selling.md "At 100,000 orders"): each with its files (oldest first), its paid
 * orders as counted on write (decision 036, summed over the shards) and its bundle's included
 * products in the creator's order, each with its file count.
 */
async function selectProducts(db: Executor, where: SQL): Promise<ProductFields[]> {
  const { rows } = await db.execute<ProductFields>(sql`
    select p.id, p.store_id as "storeId", p.slug, p.type, p.title, p.subtitle, p.description_html as "descriptionHtml",
           p.cover_image_url as "coverImageUrl", p.price_mode as "priceMode", p.price_cents as "priceCents",
           p.min_price_cents as "minPriceCents", p.compare_at_cents as "compareAtCents", p.currency, p.cta_label as "ctaLabel",
           p.external_url as "externalUrl", p.status,
           coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'sizeBytes', f.size_bytes, 'contentType', f.content_type,
                                                       'createdAt', ${isoText('f.created_at')}) order by f.created_at, f.id)
                     from ${productFiles} f where f.product_id = p.id), '[]'::json) as files,
           coalesce((select json_agg(json_build_object('productId', i.id, 'title', i.title,
                                                       'fileCount', (select count(*)::int from ${productFiles} n where n.product_id = i.id)) order by b.position)
                     from ${bundleItems} b join ${products} i on i.id = b.product_id where b.bundle_product_id = p.id), '[]'::json) as "bundleItems",
           p.bump_product_id as "bumpProductId", p.bump_price_cents as "bumpPriceCents",
           p.upsell_product_id as "upsellProductId", p.upsell_price_cents as "upsellPriceCents", p.upsell_headline as "upsellHeadline",
           p.downsell_product_id as "downsellProductId", p.downsell_price_cents as "downsellPriceCents", p.downsell_headline as "downsellHeadline",
           p.plan_instalments as "planInstalments", p.plan_instalment_cents as "planInstalmentCents",
           coalesce((select sum(c.paid_orders) from ${productCounters} c where c.product_id = p.id), 0)::int as "salesCount",
           ${isoText('p.created_at')} as "createdAt", ${isoText('p.updated_at')} as "updatedAt"
    from ${products} p
    where ${where}`);
  return rows;
}

/** The store's products as their creator sees them, in storefront order. */
export async function findStoreProducts(
  db: Executor,
  store: StoreRow,
  options: { includeArchived?: boolean } = {},
): Promise<Product[]> {
  const live = options.includeArchived ? sql`` : sql` and p.status <> 'archived'`;
  const rows = await selectProducts(db, sql`p.store_id = ${store.id}${live}`);
  return inStorefrontOrder(rows, store.productLayout.order).map((row, index) => withPosition(row, index));
}

/** One product with its files, sales and its position in the storefront order. */
export async function getProductView(db: Executor, store: StoreRow, productId: string): Promise<Product> {
  const all = await db
    .select({ id: products.id, status: products.status, createdAt: products.createdAt })
    .from(products)
    .where(eq(products.storeId, store.id));
  const position = inStorefrontOrder(all, store.productLayout.order).findIndex((row) => row.id === productId);
  const [row] = await selectProducts(db, sql`p.id = ${productId} and p.store_id = ${store.id}`);
  if (!row) throw new Error(`product ${productId} vanished`);
  return withPosition(row, position);
}

/** The wire's field order, with the position after the status. */
function withPosition(row: ProductFields, position: number): Product {
  return {
    id: row.id,
    storeId: row.storeId,
    slug: row.slug,
    type: row.type,
    title: row.title,
    subtitle: row.subtitle,
    descriptionHtml: row.descriptionHtml,
    coverImageUrl: row.coverImageUrl,
    priceMode: row.priceMode,
    priceCents: row.priceCents,
    minPriceCents: row.minPriceCents,
    compareAtCents: row.compareAtCents,
    currency: row.currency,
    ctaLabel: row.ctaLabel,
    externalUrl: row.externalUrl,
    status: row.status,
    position,
    files: row.files,
    bundleItems: row.bundleItems,
    bumpProductId: row.bumpProductId,
    bumpPriceCents: row.bumpPriceCents,
    upsellProductId: row.upsellProductId,
    upsellPriceCents: row.upsellPriceCents,
    upsellHeadline: row.upsellHeadline,
    downsellProductId: row.downsellProductId,
    downsellPriceCents: row.downsellPriceCents,
    downsellHeadline: row.downsellHeadline,
    planInstalments: row.planInstalments,
    planInstalmentCents: row.planInstalmentCents,
    salesCount: row.salesCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
