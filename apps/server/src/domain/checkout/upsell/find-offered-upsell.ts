import { isBundleableType } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { products, type ProductRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

export interface OfferedUpsell {
  product: ProductRow;
  priceCents: number;
  headline: string | null;
}

/**
 * The after-purchase offer a product makes right now, or null: set by its creator, and the offered
 * product still a published, priced one-off product of the same store (decision 045).
 */
export async function findOfferedUpsell(
  db: Executor,
  product: Pick<ProductRow, 'id' | 'storeId' | 'upsellProductId' | 'upsellPriceCents' | 'upsellHeadline'>,
): Promise<OfferedUpsell | null> {
  if (!product.upsellProductId || !product.upsellPriceCents || product.upsellPriceCents <= 0) return null;
  const [offered] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, product.upsellProductId), eq(products.storeId, product.storeId), eq(products.status, 'published')))
    .limit(1);
  if (!offered || offered.id === product.id || !isBundleableType(offered.type) || offered.priceCents <= 0) return null;
  if (product.upsellPriceCents > offered.priceCents) return null;
  return { product: offered, priceCents: product.upsellPriceCents, headline: product.upsellHeadline };
}

/** An upsell's own checkout (acceptUpsell makes it): it never offers another upsell. */
export const upsellIdempotencyKey = (firstCheckoutId: string): string => `upsell_${firstCheckoutId}`;
export const isUpsellCheckout = (checkout: { idempotencyKey: string }): boolean => checkout.idempotencyKey.startsWith('upsell_');
