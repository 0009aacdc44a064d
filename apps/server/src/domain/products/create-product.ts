import { AppError, PRODUCT_LIMITS, PRODUCT_MESSAGES, publishIssue, type Product, type ProductFields } from '@shopfront/core';
import { and, count, eq, ne } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { isUniqueViolation } from '#src/db/errors.ts';
import { newId } from '#src/db/ids.ts';
import { products } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { normaliseProductFields } from './product-rules.ts';
import { pickProductSlug, slugTaken } from './pick-product-slug.ts';
import { getProductView } from './product-view.ts';
import { callReadiness, createDefaultCallSettings } from '../bookings/creator/call-product.ts';

export interface CreateProductOptions {
  db: Database;
  userId: string;
  storeId: string;
  fields: ProductFields;
  now: Date;
}

/**
 * createProduct. Under the store's row lock, so the per-store limit and derived slugs hold under
 * concurrent creations. The price is in the store's currency at creation time.
 */
export async function createProduct(options: CreateProductOptions): Promise<Product> {
  const { db, now, fields } = options;
  try {
    return await db.transaction(async (tx) => {
      const store = await getOwnedStore(tx, { storeId: options.storeId, userId: options.userId, lock: true });
      const stored = normaliseProductFields(store.id, fields);
      if ((await countLiveProducts(tx, store.id)) >= PRODUCT_LIMITS.productsPerStore) {
        throw new AppError('failed-precondition', PRODUCT_MESSAGES.tooManyProducts, { productsPerStore: PRODUCT_LIMITS.productsPerStore });
      }
      const id = newId('prd');
      // A call is created with its default settings (in this transaction, below); a download has no files yet.
      const call = stored.type === 'call' ? { ...(await callReadiness(tx, { productId: id, storeId: store.id })), hasSettings: true } : undefined;
      const unpublishable = stored.status === 'published' ? publishIssue(stored, 0, 0, 0, 0, call) : null;
      if (unpublishable) throw new AppError('failed-precondition', unpublishable);
      const slug = await pickProductSlug(tx, { storeId: store.id, title: stored.title, explicit: fields.slug });
      await tx.insert(products).values({ ...stored, id, storeId: store.id, slug, currency: store.currency, createdAt: now, updatedAt: now });
      if (stored.type === 'call') await createDefaultCallSettings(tx, { productId: id, storeId: store.id, now });
      await notifyStorefrontChanged(tx, store.id);
      return getProductView(tx, store, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** Archived products do not count: they are gone from the dashboard and the storefront. */
export async function countLiveProducts(db: Executor, storeId: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(products)
    .where(and(eq(products.storeId, storeId), ne(products.status, 'archived')));
  return row?.count ?? 0;
}
