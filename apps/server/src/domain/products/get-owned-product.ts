import { AppError, PRODUCT_MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { products, type ProductRow, type StoreRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';

export interface OwnedProductOptions {
  storeId: string;
  productId: string;
  userId: string;
  /** Inside a transaction: lock the store row, then the product row, until it commits. */
  lock?: boolean;
}

/** Changing an archived product would change what past buyers were sold. */
export const ARCHIVED_PRODUCT_MESSAGE = 'This product was deleted and can no longer be changed.';

/**
 * SECURITY "Tenancy": the caller's store (a foreign store answers like a missing one), then the
 * product within it (a product of another store answers exactly like a missing product).
 */
export async function getOwnedProduct(
  db: Executor,
  options: OwnedProductOptions,
): Promise<{ store: StoreRow; product: ProductRow }> {
  const store = await getOwnedStore(db, { storeId: options.storeId, userId: options.userId, lock: options.lock });
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, options.productId), eq(products.storeId, store.id)))
    .limit(1);
  const [product] = options.lock ? await query.for('update') : await query;
  if (!product) throw productNotFound();
  return { store, product };
}

export function productNotFound(): AppError {
  return new AppError('not-found', PRODUCT_MESSAGES.productNotFound);
}

export function assertNotArchived(product: ProductRow): void {
  if (product.status === 'archived') throw new AppError('failed-precondition', ARCHIVED_PRODUCT_MESSAGE);
}
