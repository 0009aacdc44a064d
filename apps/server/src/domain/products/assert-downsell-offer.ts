import { AppError, DOWNSELL_MESSAGES, isBundleableType, UPSELL_MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { products, type ProductRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import type { UpsellSetting } from './assert-upsell-offer.ts';
import { fieldError } from './product-rules.ts';

const M = DOWNSELL_MESSAGES;

export interface DownsellSetting {
  downsellProductId: string | null;
  downsellPriceCents: number | null;
  downsellHeadline: string | null;
}

const NONE: DownsellSetting = { downsellProductId: null, downsellPriceCents: null, downsellHeadline: null };

/**
 * The rules of the offer made instead of a declined upsell (decision 045, "Downsell"): only with an
 * upsell; the upsell's rules for the product (a published, priced download, lead magnet or course
 * of the same store, not the seller itself) and its special price (above 0, at most its normal
 * price); the upsell's own product only below the upsell's special price. Another store's product
 * answers like a missing one. Removing the upsell removes the downsell; sending a downsell without
 * an upsell is refused. Answers the canonical triple to store.
 */
export async function assertDownsellOffer(
  tx: Executor,
  options: { product: Pick<ProductRow, 'id' | 'storeId'>; upsell: UpsellSetting; sent: boolean } & DownsellSetting,
): Promise<DownsellSetting> {
  const { product, upsell, downsellProductId, downsellPriceCents } = options;
  if (downsellProductId === null) return NONE;
  if (upsell.upsellProductId === null || upsell.upsellPriceCents === null) {
    if (options.sent) throw fieldError('downsellProductId', M.needsUpsell);
    return NONE;
  }
  if (downsellProductId === product.id) throw fieldError('downsellProductId', M.isSelf);
  const [offered] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, downsellProductId), eq(products.storeId, product.storeId)))
    .limit(1);
  if (!offered || offered.status === 'archived') throw new AppError('not-found', UPSELL_MESSAGES.productNotFound);
  if (!isBundleableType(offered.type)) throw fieldError('downsellProductId', M.notOneOff);
  if (offered.status !== 'published') throw fieldError('downsellProductId', M.notPublished);
  if (offered.priceMode === 'free' || offered.priceCents <= 0) throw fieldError('downsellProductId', M.isFree);
  if (downsellPriceCents === null) throw fieldError('downsellPriceCents', M.priceRequired);
  if (downsellPriceCents <= 0) throw fieldError('downsellPriceCents', M.priceTooLow);
  if (downsellPriceCents > offered.priceCents) throw fieldError('downsellPriceCents', M.priceTooHigh);
  if (offered.id === upsell.upsellProductId && downsellPriceCents >= upsell.upsellPriceCents) throw fieldError('downsellPriceCents', M.notBelowUpsell);
  return { downsellProductId, downsellPriceCents, downsellHeadline: options.downsellHeadline?.trim() || null };
}
