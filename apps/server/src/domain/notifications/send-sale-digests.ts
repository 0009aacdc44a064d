import { formatMoney } from '@shopfront/core';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { customers, orders, stores, users } from '#src/db/schema/index.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { saleDigestEmail } from '#src/providers/email/templates/sale-digest.ts';
import { salesPageUrl } from './enqueue-sale-notification.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The calendar day (`YYYY-MM-DD`) and hour it is at `at` in `timeZone`. */
function localClock(at: Date, timeZone: string): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) };
}

const dayBefore = (day: string) => new Date(new Date(`${day}T00:00:00.000Z`).getTime() - DAY_MS).toISOString().slice(0, 10);

/**
 * The daily digests due at `at`: every store set to "daily" whose own clock (its time zone) is
 * in the first hour of a day gets one email listing the paid orders of the local day that just
 * ended; stores without sales that day get none. The hourly job therefore reaches each store once
 * a day, whatever its offset. Each email's idempotency key is the store and its local day, so a
 * doubled run (or a DST day with two local midnights) sends one.
 */
export async function sendSaleDigests(db: Executor, options: { at: Date; publicUrl: string }): Promise<{ stores: number }> {
  const daily = await db
    .select({ id: stores.id, name: stores.name, timeZone: stores.timeZone, creatorEmail: users.email })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.creatorId))
    .where(eq(stores.saleNotifications, 'daily'));
  let sent = 0;
  for (const store of daily) {
    const clock = localClock(options.at, store.timeZone);
    if (clock.hour !== 0) continue;
    const day = dayBefore(clock.day);
    // The local day's bounds, computed by PostgreSQL from the zone (DST days are 23 or 25 hours).
    const from = sql`(${day}::date)::timestamp at time zone ${store.timeZone}`;
    const to = sql`(${day}::date + 1)::timestamp at time zone ${store.timeZone}`;
    const sales = await db
      .select({
        productTitle: orders.productTitle,
        amountCents: orders.amountCents,
        currency: orders.currency,
        buyerName: customers.name,
        buyerEmail: customers.email,
      })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .where(and(eq(orders.storeId, store.id), eq(orders.status, 'paid'), gte(orders.createdAt, from), lt(orders.createdAt, to)))
      .orderBy(asc(orders.createdAt), asc(orders.id));
    if (sales.length === 0) continue;
    const sums = new Map<string, number>();
    for (const sale of sales) sums.set(sale.currency, (sums.get(sale.currency) ?? 0) + sale.amountCents);
    const dayText = new Date(`${day}T12:00:00.000Z`).toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    const rendered = saleDigestEmail({
      storeName: store.name,
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
    await enqueueEmail(db, { to: store.creatorEmail, ...rendered, tags: ['sale-digest'] }, { idempotencyKey: `sale-digest:${store.id}:${day}` });
    sent++;
  }
  return { stores: sent };
}
