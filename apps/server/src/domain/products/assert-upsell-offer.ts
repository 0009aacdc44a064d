import { AppError, isBundleableType, UPSELL_MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { products, type ProductRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { fieldError } from './product-rules.ts';

const M = UPSELL_MESSAGES;

export interface UpsellSetting {
  upsellProductId: string | null;
  upsellPriceCents: number | null;
  upsellHeadline: string | null;
}

/**
 * The after-purchase offer rules (decision 045): offered by a product bought at checkout, it sells
 * another published, priced one-off product of the same store (a download, lead magnet or course:
 * never a call or membership, never itself) at a special price above 0 and at most its normal
 * price, in the store's currency. Another store's product answers like a missing one. Answers the
 * canonical triple to store (all null when the offer is removed).
 */
export async function assertUpsellOffer(
  tx: Executor,
  options: { product: Pick<ProductRow, 'id' | 'storeId' | 'type'> } & UpsellSetting,
): Promise<UpsellSetting> {
  const { product, upsellProductId, upsellPriceCents } = options;
  if (upsellProductId === null) return { upsellProductId: null, upsellPriceCents: null, upsellHeadline: null };
  if (!isBundleableType(product.type) && product.type !== 'call') throw fieldError('upsellProductId', M.sellerNotOneOff);
  if (upsellProductId === product.id) throw fieldError('upsellProductId', M.isSelf);
  const [offered] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, upsellProductId), eq(products.storeId, product.storeId)))
    .limit(1);
  if (!offered || offered.status === 'archived') throw new AppError('not-found', M.productNotFound);
  if (!isBundleableType(offered.type)) throw fieldError('upsellProductId', M.notOneOff);
  if (offered.status !== 'published') throw fieldError('upsellProductId', M.notPublished);
  if (offered.priceMode === 'free' || offered.priceCents <= 0) throw fieldError('upsellProductId', M.isFree);
  if (upsellPriceCents === null) throw fieldError('upsellPriceCents', M.priceRequired);
  if (upsellPriceCents <= 0) throw fieldError('upsellPriceCents', M.priceTooLow);
  if (upsellPriceCents > offered.priceCents) throw fieldError('upsellPriceCents', M.priceTooHigh);
  const headline = options.upsellHeadline?.trim() || null;
  return { upsellProductId, upsellPriceCents, upsellHeadline: headline };
}
