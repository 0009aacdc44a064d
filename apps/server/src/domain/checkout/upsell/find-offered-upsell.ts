import { isBundleableType } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { products, type ProductRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

export interface OfferedUpsell {
  product: ProductRow;
  priceCents: number;
  headline: string | null;
}

type Seller = Pick<ProductRow, 'id' | 'storeId' | 'upsellProductId' | 'upsellPriceCents' | 'upsellHeadline'>;

/**
 * The after-purchase offer a product makes right now, or null: set by its creator, and the offered
 * product still a published, priced one-off product of the same store (decision 045).
 */
export async function findOfferedUpsell(db: Executor, product: Seller): Promise<OfferedUpsell | null> {
  return offerOf(db, product, { productId: product.upsellProductId, priceCents: product.upsellPriceCents, headline: product.upsellHeadline });
}

/**
 * The offer made instead when the buyer declines `upsell`, or null: under the same conditions, and
 * the same product again only below the upsell's special price (decision 045, "Downsell").
 */
export async function findOfferedDownsell(
  db: Executor,
  product: Pick<ProductRow, 'id' | 'storeId' | 'downsellProductId' | 'downsellPriceCents' | 'downsellHeadline'>,
  upsell: OfferedUpsell,
): Promise<OfferedUpsell | null> {
  const offer = await offerOf(db, product, { productId: product.downsellProductId, priceCents: product.downsellPriceCents, headline: product.downsellHeadline });
  if (offer && offer.product.id === upsell.product.id && offer.priceCents >= upsell.priceCents) return null;
  return offer;
}

async function offerOf(
  db: Executor,
  seller: Pick<ProductRow, 'id' | 'storeId'>,
  setting: { productId: string | null; priceCents: number | null; headline: string | null },
): Promise<OfferedUpsell | null> {
  if (!setting.productId || !setting.priceCents || setting.priceCents <= 0) return null;
  const [offered] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, setting.productId), eq(products.storeId, seller.storeId), eq(products.status, 'published')))
    .limit(1);
  if (!offered || offered.id === seller.id || !isBundleableType(offered.type) || offered.priceCents <= 0) return null;
  if (setting.priceCents > offered.priceCents) return null;
  return { product: offered, priceCents: setting.priceCents, headline: setting.headline };
}

/** An upsell's or downsell's own checkout (accepting makes it): it never offers another upsell. */
export const upsellIdempotencyKey = (firstCheckoutId: string): string => `upsell_${firstCheckoutId}`;
export const downsellIdempotencyKey = (firstCheckoutId: string): string => `downsell_${firstCheckoutId}`;
export const isUpsellCheckout = (checkout: { idempotencyKey: string }): boolean => /^(upsell|downsell)_/.test(checkout.idempotencyKey);
