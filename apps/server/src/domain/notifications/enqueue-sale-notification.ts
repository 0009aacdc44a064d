import { formatMoney, isFreeOrder } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { users, type StoreRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { saleNotificationEmail } from '#src/providers/email/templates/sale-notification.ts';

export const salesPageUrl = (publicUrl: string) => `${publicUrl}/dashboard/sales`;

/**
 * "You made a sale" to the store's creator, queued in the fulfilment transaction (so it exists
 * exactly when the order does) when the store wants an email per sale. One per order.
 */
export async function enqueueSaleNotification(
  db: Executor,
  env: { publicUrl: string },
  options: {
    store: Pick<StoreRow, 'id' | 'name' | 'creatorId' | 'saleNotifications'>;
    orderId: string;
    productTitle: string;
    productType: string;
    amountCents: number;
    currency: string;
    buyerName: string;
    buyerEmail: string;
  },
): Promise<void> {
  if (options.store.saleNotifications !== 'each') return;
  const [creator] = await db.select({ email: users.email }).from(users).where(eq(users.id, options.store.creatorId));
  if (!creator) return;
  const rendered = saleNotificationEmail({
    storeName: options.store.name,
    free: isFreeOrder(options),
    orderId: options.orderId,
    productTitle: options.productTitle,
    amountText: options.amountCents === 0 ? 'Free' : formatMoney(options.amountCents, options.currency, { locale: 'en' }),
    buyerName: options.buyerName,
    buyerEmail: options.buyerEmail,
    salesUrl: salesPageUrl(env.publicUrl),
  });
  await enqueueEmail(db, { to: creator.email, ...rendered, tags: ['sale-notification'] }, { idempotencyKey: `sale:${options.orderId}` });
}
