// Exports the delivery reads (findDeliverableFile for one file, findOrderDelivery for the access page): one module
// because both apply the same order-owns-product-in-its-store rule.
import { and, asc, eq, sql } from 'drizzle-orm';
import { orders, productFiles, products, stores, type ProductFileRow, type ThemeOverrides } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { downloadsLeft, usedBytesSql } from './download-allowance.ts';
import { grantedProductIds } from './granted-product-ids.ts';

export interface DeliverableFile {
  order: { id: string; status: 'paid' | 'refunded'; storeId: string };
  file: ProductFileRow;
  /** The product's per-order limit of downloads of each file; null is unlimited. */
  downloadLimit: number | null;
  /** Bytes of this file the order has used toward the limit (download-allowance.ts). */
  usedBytes: number;
  /** The store's theme, for the message pages (revoked, limit reached). */
  store: { theme: string; themeOverrides: ThemeOverrides };
}

/**
 * SECURITY "Downloads": the file only if it belongs to a product the order grants (its lines and
 * their bundles' included products) in the order's own store. Anything else (another order's product, another store) is null, like a missing id.
 */
export async function findDeliverableFile(db: Executor, ids: { orderId: string; fileId: string }, now: Date): Promise<DeliverableFile | null> {
  const [row] = await db
    .select({
      order: { id: orders.id, status: orders.status, storeId: orders.storeId },
      file: productFiles,
      downloadLimit: products.downloadLimit,
      usedBytes: usedBytesSql(orders.id, productFiles.id, now),
      store: { theme: stores.theme, themeOverrides: stores.themeOverrides },
    })
    .from(orders)
    .innerJoin(productFiles, and(sql`${productFiles.productId} in ${grantedProductIds(orders.id)}`, eq(productFiles.storeId, orders.storeId)))
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .where(and(eq(orders.id, ids.orderId), eq(productFiles.id, ids.fileId)))
    .limit(1);
  return row ? { ...row, usedBytes: Number(row.usedBytes) } : null;
}

export interface OrderDelivery {
  order: { id: string; status: 'paid' | 'refunded'; createdAt: Date; productTitle: string; amountCents: number };
  store: { name: string; slug: string; theme: string; themeOverrides: ThemeOverrides };
  product: { type: string; externalUrl: string | null };
  /** `downloadsLeft`: downloads this order still has of the file (download-allowance.ts); null when unlimited. */
  files: { id: string; name: string; sizeBytes: number; downloadsLeft: number | null }[];
}

/** What the order access page shows: the order, its store, the files of every product it grants. */
export async function findOrderDelivery(db: Executor, orderId: string, now: Date): Promise<OrderDelivery | null> {
  const [row] = await db
    .select({
      order: { id: orders.id, status: orders.status, createdAt: orders.createdAt, productTitle: orders.productTitle, amountCents: orders.amountCents, productId: orders.productId, storeId: orders.storeId },
      store: { name: stores.name, slug: stores.slug, theme: stores.theme, themeOverrides: stores.themeOverrides },
      product: { type: products.type, externalUrl: products.externalUrl, downloadLimit: products.downloadLimit },
    })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .innerJoin(products, and(eq(products.id, orders.productId), eq(products.storeId, orders.storeId)))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) return null;
  const rows = await db
    .select({
      id: productFiles.id,
      name: productFiles.name,
      sizeBytes: productFiles.sizeBytes,
      usedBytes: usedBytesSql(row.order.id, productFiles.id, now),
    })
    .from(productFiles)
    .innerJoin(products, eq(products.id, productFiles.productId))
    .where(and(sql`${productFiles.productId} in ${grantedProductIds(sql`${row.order.id}`)}`, eq(productFiles.storeId, row.order.storeId)))
    // The order's own product first, then the other lines' and the bundle's products, each oldest file first.
    .orderBy(sql`${productFiles.productId} <> ${row.order.productId}`, asc(products.createdAt), asc(productFiles.createdAt), asc(productFiles.id));
  const { productId: _productId, storeId: _storeId, ...order } = row.order;
  const limit = row.product.downloadLimit;
  const files = rows.map(({ usedBytes, ...file }) => ({ ...file, downloadsLeft: downloadsLeft(limit, file.sizeBytes, Number(usedBytes)) }));
  return { order, store: row.store, product: { type: row.product.type, externalUrl: row.product.externalUrl }, files };
}
