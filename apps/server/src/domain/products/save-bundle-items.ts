import { AppError, PRODUCT_LIMITS, PRODUCT_MESSAGES, isBundleableType } from '@shopfront/core';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { bundleItems, products, type ProductRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { fieldError } from './product-rules.ts';

const M = PRODUCT_MESSAGES;

/**
 * Replaces a bundle's included products (docs/selling.md "Bundles"): only non-archived downloads and courses of
 * the same store, never the bundle itself, never another bundle, each once, at most
 * PRODUCT_LIMITS.bundleItemsMax. Another store's product answers like a missing one. Runs in the
 * caller's transaction, under its lock on the bundle's row.
 */
export async function saveBundleItems(
  tx: Executor,
  options: { bundle: Pick<ProductRow, 'id' | 'storeId'>; type: ProductRow['type']; productIds: readonly string[] },
): Promise<void> {
  const { bundle, productIds } = options;
  if (productIds.length > PRODUCT_LIMITS.bundleItemsMax) throw fieldError('bundleProductIds', M.tooManyBundleItems);
  if (new Set(productIds).size !== productIds.length) throw fieldError('bundleProductIds', M.bundleItemRepeated);
  if (productIds.length > 0) {
    if (options.type !== 'digital') throw fieldError('bundleProductIds', M.bundleOnlyDigital);
    if (productIds.includes(bundle.id)) throw fieldError('bundleProductIds', M.bundleItemIsSelf);
    const [includedSomewhere] = await tx.select({ id: bundleItems.bundleProductId }).from(bundleItems).where(eq(bundleItems.productId, bundle.id)).limit(1);
    if (includedSomewhere) throw fieldError('bundleProductIds', M.bundleIsIncluded);
    const found = await tx
      .select({ id: products.id, type: products.type })
      .from(products)
      .where(and(inArray(products.id, [...productIds]), eq(products.storeId, bundle.storeId), ne(products.status, 'archived')));
    if (found.length !== productIds.length) throw new AppError('not-found', M.bundleItemNotFound);
    if (found.some((row) => !isBundleableType(row.type))) throw fieldError('bundleProductIds', M.bundleItemNotDownload);
    const [nested] = await tx.select({ id: bundleItems.bundleProductId }).from(bundleItems).where(inArray(bundleItems.bundleProductId, [...productIds])).limit(1);
    if (nested) throw fieldError('bundleProductIds', M.bundleItemIsBundle);
  }
  await tx.delete(bundleItems).where(eq(bundleItems.bundleProductId, bundle.id));
  if (productIds.length > 0) {
    await tx.insert(bundleItems).values(productIds.map((productId, position) => ({ bundleProductId: bundle.id, productId, storeId: bundle.storeId, position })));
  }
}
