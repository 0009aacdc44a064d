// Exports the Product view (findStoreProducts, getProductView, inStorefrontOrder): one module because the list
// and the single product share the storefront order and the wire shape.
import type { Product, ProductFile } from '@shopfront/core';
import { and, asc, eq, ne } from 'drizzle-orm';
import { productFiles, products, type ProductFileRow, type ProductRow, type StoreRow } from '#src/db/schema/index.ts';
import { anyOf } from '#src/db/any-of.ts';
import type { Executor } from '#src/db/executor.ts';
import { readProductSales } from '#src/domain/stores/store-counters.ts';
import { findBundleItems } from './find-bundle-items.ts';

type Sortable = Pick<ProductRow, 'id' | 'status' | 'createdAt'>;

const newestFirst = (a: Sortable, b: Sortable) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

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

/** The store's products as their creator sees them, in storefront order. */
export async function findStoreProducts(
  db: Executor,
  store: StoreRow,
  options: { includeArchived?: boolean } = {},
): Promise<Product[]> {
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.storeId, store.id), options.includeArchived ? undefined : ne(products.status, 'archived')));
  return toProducts(db, store, inStorefrontOrder(rows, store.productLayout.order), 0);
}

/** One product with its files, sales and its position in the storefront order. */
export async function getProductView(db: Executor, store: StoreRow, productId: string): Promise<Product> {
  const all = await db
    .select({ id: products.id, status: products.status, createdAt: products.createdAt })
    .from(products)
    .where(eq(products.storeId, store.id));
  const position = inStorefrontOrder(all, store.productLayout.order).findIndex((row) => row.id === productId);
  const [row] = await db.select().from(products).where(and(eq(products.id, productId), eq(products.storeId, store.id)));
  if (!row) throw new Error(`product ${productId} vanished`);
  const [product] = await toProducts(db, store, [row], position);
  return product!;
}

async function toProducts(db: Executor, store: StoreRow, rows: ProductRow[], firstPosition: number): Promise<Product[]> {
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const files = await db
    .select()
    .from(productFiles)
    .where(anyOf(productFiles.productId, ids))
    .orderBy(asc(productFiles.createdAt), asc(productFiles.id));
  // Paid orders per product are counted on write (decision 036), not over every order of the store.
  const salesOf = await readProductSales(db, ids);
  const bundles = await findBundleItems(db, ids);
  return rows.map((row, index) => ({
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
    position: firstPosition + index,
    files: files.filter((file) => file.productId === row.id).map(toProductFile),
    bundleItems: bundles.get(row.id) ?? [],
    bumpProductId: row.bumpProductId,
    bumpPriceCents: row.bumpPriceCents,
    salesCount: salesOf.get(row.id) ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

function toProductFile(file: ProductFileRow): ProductFile {
  return { id: file.id, name: file.name, sizeBytes: file.sizeBytes, contentType: file.contentType, createdAt: file.createdAt.toISOString() };
}
