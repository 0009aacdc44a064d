import { COMMERCE_LIMITS } from '@shopfront/core';
import type { Env } from '#src/env.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { receiptEmail } from '#src/providers/email/templates/receipt.ts';
import type { Executor } from '#src/identity/db-types.ts';
import { orderAccessUrl } from '../delivery/download-tokens.ts';
import { membersSignUpUrl } from './checkout-urls.ts';
import { formatAmount } from './format-amount.ts';

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
    amountText: formatAmount(options.amountCents, options.currency),
    orderId: options.orderId,
    accessUrl: orderAccessUrl(env, options.orderId, expiresAt),
    accessDays: Math.round(COMMERCE_LIMITS.receiptLinkTtlMs / DAY_MS),
    membersUrl: membersSignUpUrl(env, options.storeSlug),
  });
  await enqueueEmail(db, { to: options.to, ...rendered, tags: ['receipt'] }, { idempotencyKey: `receipt:${options.orderId}` });
}
