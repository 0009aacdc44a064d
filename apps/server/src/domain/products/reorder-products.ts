import { AppError, PRODUCT_MESSAGES } from '@shopfront/core';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { products } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { changeProductLayout } from './change-product-layout.ts';

export interface ReorderProductsOptions {
  db: Database;
  userId: string;
  storeId: string;
  productIds: string[];
  now: Date;
}

/**
 * reorderProducts: the whole storefront order at once, every live product exactly once, so a
 * stale list (a product added or deleted in another tab) is refused rather than half applied.
 */
export async function reorderProducts(options: ReorderProductsOptions): Promise<{ productIds: string[] }> {
  const { db, now, productIds } = options;
  return db.transaction(async (tx) => {
    const store = await getOwnedStore(tx, { storeId: options.storeId, userId: options.userId, lock: true });
    const live = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.storeId, store.id), ne(products.status, 'archived')));
    const liveIds = new Set(live.map((row) => row.id));
    const unique = new Set(productIds);
    if (unique.size !== productIds.length || unique.size !== liveIds.size || productIds.some((id) => !liveIds.has(id))) {
      throw new AppError('invalid-argument', PRODUCT_MESSAGES.reorderMismatch);
    }
    await changeProductLayout(tx, store, (layout) => ({ order: [...productIds], hidden: layout.hidden }), now);
    await notifyStorefrontChanged(tx, store.id);
    return { productIds: [...productIds] };
  });
}
