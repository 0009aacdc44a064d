import { COMMERCE_LIMITS, formatMoney, isFreeOrder, membersUrl } from '@shopfront/core';
import type { Env } from '#src/env.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { receiptEmail } from '#src/providers/email/templates/receipt.ts';
import type { Executor } from '#src/db/executor.ts';
import { orderAccessUrl } from '../delivery/download-tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Queues the receipt in the fulfilment transaction, so it exists exactly when the order does.
 * It carries the order access link (COMMERCE_LIMITS.receiptLinkTtlMs) and the members sign-up.
 */
export async function enqueueReceipt(
  db: Executor,
  env: Pick<Env, 'publicUrl' | 'appSecret' | 'dataDir'>,
  options: {
    orderId: string;
    to: string;
    buyerName: string;
    storeName: string;
    storeSlug: string;
    productTitle: string;
    productType: string;
    amountCents: number;
    currency: string;
    now: Date;
  },
): Promise<void> {
  const expiresAt = new Date(options.now.getTime() + COMMERCE_LIMITS.receiptLinkTtlMs);
  const rendered = receiptEmail({
    productName: options.storeName,
    buyerName: options.buyerName,
    productTitle: options.productTitle,
    amountText: options.amountCents === 0 ? 'Free' : formatMoney(options.amountCents, options.currency, { locale: 'en' }),
    free: isFreeOrder(options),
    orderId: options.orderId,
    accessUrl: orderAccessUrl(env, options.orderId, expiresAt),
    accessDays: Math.round(COMMERCE_LIMITS.receiptLinkTtlMs / DAY_MS),
    membersUrl: membersUrl({ slug: options.storeSlug }, { origin: env.publicUrl, page: 'signup' }),
  });
  await enqueueEmail(db, { to: options.to, ...rendered, tags: ['receipt'] }, { idempotencyKey: `receipt:${options.orderId}` });
}
