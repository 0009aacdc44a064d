import { formatMoney } from '@shopfront/core';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { customers, orders, stores, users } from '#src/db/schema/index.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { saleDigestEmail } from '#src/providers/email/templates/sale-digest.ts';
import { salesPageUrl } from './enqueue-sale-notification.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The daily digest for one UTC day (`YYYY-MM-DD`): every store set to "daily" that had paid orders
 * that day gets one email listing them; stores without sales get none. Each email's idempotency
 * key is the store and the day, so running this twice (a retried or doubled job) sends one.
 */
export async function sendSaleDigests(db: Executor, options: { day: string; publicUrl: string }): Promise<{ stores: number }> {
  const start = new Date(`${options.day}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime())) throw new Error(`not a day: ${options.day}`);
  const end = new Date(start.getTime() + DAY_MS);
  const rows = await db
    .select({
      storeId: stores.id,
      storeName: stores.name,
      creatorEmail: users.email,
      productTitle: orders.productTitle,
      amountCents: orders.amountCents,
      currency: orders.currency,
      buyerName: customers.name,
      buyerEmail: customers.email,
    })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .innerJoin(users, eq(users.id, stores.creatorId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(stores.saleNotifications, 'daily'), eq(orders.status, 'paid'), gte(orders.createdAt, start), lt(orders.createdAt, end)))
    .orderBy(asc(orders.storeId), asc(orders.createdAt), asc(orders.id));

  const byStore = new Map<string, typeof rows>();
  for (const row of rows) byStore.set(row.storeId, [...(byStore.get(row.storeId) ?? []), row]);
  const dayText = start.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  for (const [storeId, sales] of byStore) {
    const first = sales[0]!;
    const sums = new Map<string, number>();
    for (const sale of sales) sums.set(sale.currency, (sums.get(sale.currency) ?? 0) + sale.amountCents);
    const rendered = saleDigestEmail({
      storeName: first.storeName,
      dayText,
      sales: sales.map((sale) => ({
        productTitle: sale.productTitle,
        amountText: sale.amountCents === 0 ? 'Free' : formatMoney(sale.amountCents, sale.currency, { locale: 'en' }),
        buyerName: sale.buyerName,
        buyerEmail: sale.buyerEmail,
      })),
      totals: [...sums].map(([currency, cents]) => formatMoney(cents, currency, { locale: 'en' })),
      salesUrl: salesPageUrl(options.publicUrl),
    });
    await enqueueEmail(db, { to: first.creatorEmail, ...rendered, tags: ['sale-digest'] }, { idempotencyKey: `sale-digest:${storeId}:${options.day}` });
  }
  return { stores: byStore.size };
}
