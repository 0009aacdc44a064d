import { AppError, COMMERCE_LIMITS, COMMERCE_MESSAGES, type FunctionOutput } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { orders } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import type { Env } from '#src/env.ts';
import { findOrderDelivery } from '../delivery/find-delivery.ts';
import { mintPurchaseFileLinks } from '../delivery/mint-purchase-file-links.ts';
import { loadCheckout } from './load-checkout.ts';
import { thankYouAccess } from './thank-you-access.ts';
import { upsellView } from './upsell/upsell-view.ts';

type CheckoutStatus = FunctionOutput<'getCheckoutStatus'>;

/**
 * The thank-you page's read. The checkout id is the capability (unguessable, ~103 bits); an open
 * checkout past its expiry reads as expired. A paid order's files come with fresh download links
 * (as the receipt's access page mints them, limit included) for a day after the order: the buyer
 * downloads right there, as on Gumroad or Stan; later the receipt and the members area do.
 */
export async function getCheckoutStatus(
  db: Executor,
  options: { env: Pick<Env, 'appSecret' | 'dataDir' | 'publicUrl'>; checkoutId: string; now: Date },
): Promise<CheckoutStatus> {
  const { now } = options;
  const context = await loadCheckout(db, options.checkoutId);
  if (!context) throw new AppError('not-found', COMMERCE_MESSAGES.checkoutNotFound);
  const { checkout, product, store } = context;
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkout.id));
  const expired = checkout.status === 'open' && checkout.expiresAt.getTime() <= now.getTime();
  const upsell = checkout.status === 'completed' ? await upsellView(db, checkout.id, now) : null;
  return {
    status: expired ? 'expired' : checkout.status,
    orderId: order?.id ?? null,
    productTitle: product.title,
    productType: product.type,
    storeSlug: store.slug,
    amountCents: checkout.amountCents,
    currency: checkout.currency,
    files: order && checkout.status === 'completed' ? await thankYouFiles(db, { ...options, orderId: order.id }) : [],
    ...(order && checkout.status === 'completed' ? await thankYouAccess(db, { orderId: order.id, product }) : {}),
    ...(upsell ? { upsell } : {}),
  };
}

async function thankYouFiles(db: Executor, options: { env: Pick<Env, 'appSecret' | 'dataDir' | 'publicUrl'>; orderId: string; now: Date }): Promise<CheckoutStatus['files']> {
  const delivery = await findOrderDelivery(db, options.orderId, options.now);
  if (!delivery || options.now.getTime() - delivery.order.createdAt.getTime() > COMMERCE_LIMITS.thankYouDownloadsMs) return [];
  const links = new Map(mintPurchaseFileLinks(options.env, delivery.order, delivery.files, options.now).map((link) => [link.id, link.url]));
  if (links.size === 0) return [];
  return delivery.files.map((file) => ({
    id: file.id,
    name: file.name,
    sizeBytes: file.sizeBytes,
    url: file.downloadsLeft === 0 ? null : (links.get(file.id) ?? null),
    downloadsLeft: file.downloadsLeft,
  }));
}
