import { eq, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { stores } from '#src/db/schema/index.ts';
import { seedStore, type SeededStore } from '#src/testing/orders.ts';
import type { TestApp } from '#src/testing/test-app.ts';

/** Rollup counters a test sets; the rest are 0. */
export interface TestCounters {
  visitors?: number;
  views?: number;
  productViews?: number;
  clicks?: number;
  checkouts?: number;
  sales?: number;
  revenueCents?: number;
  signups?: number;
}

/** A store of its own creator in `timeZone`, selling in `currency`. */
export async function seedAnalyticsStore(t: TestApp, options: { timeZone?: string; currency?: string } = {}): Promise<SeededStore> {
  const store = await seedStore(t, { currency: options.currency ?? 'USD' });
  await t.db.update(stores).set({ timeZone: options.timeZone ?? 'UTC' }).where(eq(stores.id, store.id));
  return store;
}

const counterValues = (c: TestCounters) =>
  sql`${c.visitors ?? 0}, ${c.views ?? 0}, ${c.productViews ?? 0}, ${c.clicks ?? 0}, ${c.checkouts ?? 0}, ${c.sales ?? 0}, ${c.revenueCents ?? 0}, ${c.signups ?? 0}`;

const COUNTER_COLUMNS = sql.raw('visitors, views, product_views, clicks, checkouts, sales, revenue_cents, signups');

/** One `analytics_daily` row: the store-local `day`, a dimension and its value ('' for `all`). */
export async function insertDaily(db: Executor, storeId: string, day: string, dimension: string, value: string, counters: TestCounters): Promise<void> {
  await db.execute(sql`
    insert into analytics_daily (store_id, day, dimension, value, ${COUNTER_COLUMNS})
    values (${storeId}, ${day}::date, ${dimension}, ${value}, ${counterValues(counters)})`);
}

/** One `analytics_hourly` row for the UTC hour starting at `hour` (ISO). */
export async function insertHourly(db: Executor, storeId: string, hour: string, dimension: string, value: string, counters: TestCounters): Promise<void> {
  await db.execute(sql`
    insert into analytics_hourly (store_id, hour, dimension, value, ${COUNTER_COLUMNS})
    values (${storeId}, ${hour}::timestamptz, ${dimension}, ${value}, ${counterValues(counters)})`);
}

export interface TestVisit {
  localDay: string;
  visitor: number;
  viewedStore?: boolean;
  viewedProduct?: boolean;
  startedCheckout?: boolean;
  purchased?: boolean;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

/** One `analytics_visits` row (a visitor's store-local day) with its funnel flags and UTM source. */
export async function insertVisit(db: Executor, storeId: string, visit: TestVisit): Promise<void> {
  const flag = (value: boolean | undefined) => (value ? 1 : 0);
  await db.execute(sql`
    insert into analytics_visits (store_id, local_day, visitor, first_seen_at, utm_source, utm_medium, utm_campaign,
      viewed_store, viewed_product, started_checkout, purchased)
    values (${storeId}, ${visit.localDay}::date, ${visit.visitor}, ${`${visit.localDay}T12:00:00Z`}::timestamptz,
      ${visit.utmSource ?? null}, ${visit.utmMedium ?? null}, ${visit.utmCampaign ?? null},
      ${flag(visit.viewedStore)}, ${flag(visit.viewedProduct)}, ${flag(visit.startedCheckout)}, ${flag(visit.purchased)})`);
  // What the flush adds for it: one to the visit day's `funnel` row of each step it reached.
  const steps = { storefront_view: visit.viewedStore, product_view: visit.viewedProduct, checkout_started: visit.startedCheckout, purchase: visit.purchased };
  for (const [step, reached] of Object.entries(steps)) {
    if (!reached) continue;
    await db.execute(sql`
      insert into analytics_daily (store_id, day, dimension, value, visitors) values (${storeId}, ${visit.localDay}::date, 'funnel', ${step}, 1)
      on conflict (store_id, day, dimension, value) do update set visitors = analytics_daily.visitors + 1`);
  }
}

/** One raw event of `visitor` at `occurredAt` (a storefront view unless said). */
export async function insertEvent(db: Executor, storeId: string, event: { occurredAt: Date; visitor: number | null; type?: string }): Promise<void> {
  await db.execute(sql`
    insert into analytics_events (occurred_at, store_id, local_day, type, visitor)
    values (${event.occurredAt.toISOString()}::timestamptz, ${storeId}, ${event.occurredAt.toISOString().slice(0, 10)}::date,
      ${event.type ?? 'storefront_view'}, ${event.visitor})`);
}
