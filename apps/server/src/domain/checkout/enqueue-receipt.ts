import { COMMERCE_LIMITS, formatMoney, isFreeOrder, memberCoursePath, membersUrl } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { orders } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { receiptEmail, type ReceiptAccess } from '#src/providers/email/templates/receipt.ts';
import type { Executor } from '#src/db/executor.ts';
import { callLocation } from '../bookings/booking-ics.ts';
import { callTimeText } from '../bookings/notify/booking-email-context.ts';
import { findOrderBooking } from '../bookings/order-booking.ts';
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
    access: await receiptAccess(db, env, options),
  });
  await enqueueEmail(db, { to: options.to, ...rendered, tags: ['receipt'] }, { idempotencyKey: `receipt:${options.orderId}` });
}

/**
 * A call's booking (read in this transaction: the checkout confirmed it just before) in the
 * buyer's zone, or the course's page in the members area; undefined for files.
 */
async function receiptAccess(db: Executor, env: Pick<Env, 'publicUrl'>, options: { orderId: string; storeSlug: string; productType: string }): Promise<ReceiptAccess | undefined> {
  const members = membersUrl({ slug: options.storeSlug }, { origin: env.publicUrl });
  if (options.productType === 'course') {
    const [order] = await db.select({ productId: orders.productId }).from(orders).where(eq(orders.id, options.orderId));
    return order ? { kind: 'course', courseUrl: `${members}${memberCoursePath(order.productId)}` } : undefined;
  }
  if (options.productType !== 'call') return undefined;
  const booking = await findOrderBooking(db, options.orderId);
  return {
    kind: 'call',
    whenText: booking ? callTimeText(booking.startsAt, booking.endsAt, booking.timeZone) : null,
    whereText: booking ? callLocation(booking) : null,
    manageUrl: `${members}/bookings`,
  };
}
