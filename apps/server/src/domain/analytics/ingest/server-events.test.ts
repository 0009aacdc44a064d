import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import type { JobRunner } from '#src/jobs/job-runner.ts';
import { createLogger } from '#src/logger.ts';
import { analyticsDaily, analyticsEvents, analyticsVisits, checkouts } from '#src/db/schema/index.ts';
import { fulfilPayment } from '#src/domain/checkout/fulfil-payment.ts';
import { insertProduct, newKey } from '#src/testing/checkout.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { createStorefrontTestApp } from '#src/testing/storefront-test-app.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { CHROME_UA } from '#src/testing/analytics-events.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { jobs as jobRows } from '#src/db/schema/index.ts';
import { ANALYTICS_EVENT_BATCH, ANALYTICS_EVENT_KIND, createAnalyticsEventJob, enqueueAnalyticsEvent } from './analytics-event-job.ts';
import { serverEventRow } from './analytics-event-row.ts';

/** Checkout started and purchase come from the server, and join the visit the page view opened. */
describe('server-side analytics events', () => {
  let t: TestApp;
  let storeId: string;
  let jobs: JobRunner;
  beforeAll(async () => {
    t = await createStorefrontTestApp();
    ({ storeId } = await seedStorefront(t.db, { slug: 'mugs' }));
    jobs = createAppJobRunner({ env: t.env, db: t.db, log: createLogger({ logLevel: 'silent' }) });
  });
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
  });

  const eventsOf = (type: string) => t.db.select().from(analyticsEvents).where(and(eq(analyticsEvents.storeId, storeId), eq(analyticsEvents.type, type)));

  it('records the purchase once, with its revenue, however often the payment event comes', async () => {
    const product = await insertProduct(t, storeId, { priceCents: 1500 });
    // The visitor opens the store from a newsletter link (utm), then checks out from the same browser.
    const page = await t.app.inject({ method: 'GET', url: '/mugs?utm_source=Newsletter', headers: { 'user-agent': CHROME_UA, referer: 'https://mail.example.com/' } });
    expect(page.statusCode).toBe(200);
    await t.app.analytics.flush();
    const [view] = await eventsOf('storefront_view');
    expect(view?.visitor).not.toBeNull();

    const response = await callFunction(
      t.app,
      'createCheckout',
      { storeId, productId: product.id, name: 'Ada Buyer', email: 'ada@example.com', idempotencyKey: newKey() },
      { headers: { origin: TEST_PUBLIC_URL, 'user-agent': CHROME_UA } },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { checkoutId } = response.json().result as { checkoutId: string };
    const [checkout] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(checkout?.analyticsVisitor).toBe(view?.visitor);
    // Server-side events are queued durably and written by the analytics-event job.
    expect(await eventsOf('checkout_started')).toEqual([]);
    await jobs.runDue();
    const [started] = await eventsOf('checkout_started');
    expect(started).toMatchObject({ visitor: view?.visitor, productId: product.id, referrerHost: 'mail.example.com', utmSource: 'newsletter' });

    const event = { eventId: `evt_${checkoutId}`, provider: 'test' as const, checkoutId, providerPaymentId: null, amountCents: 1500, currency: 'USD' };
    const first = await fulfilPayment(t.db, t.env, event, new Date());
    const replay = await fulfilPayment(t.db, t.env, event, new Date());
    expect(replay).toEqual({ orderId: first.orderId, replay: true });
    await jobs.runDue();
    await jobs.runDue();
    const purchases = await eventsOf('purchase');
    expect(purchases).toHaveLength(1);
    expect(purchases[0]).toMatchObject({ orderId: first.orderId, revenueCents: 1500, visitor: view?.visitor, utmSource: 'newsletter' });

    const [visit] = await t.db.select().from(analyticsVisits).where(eq(analyticsVisits.storeId, storeId));
    expect(visit).toMatchObject({ viewedStore: 1, startedCheckout: 1, purchased: 1, utmSource: 'newsletter' });
    const bySource = await t.db.select().from(analyticsDaily).where(and(eq(analyticsDaily.storeId, storeId), eq(analyticsDaily.dimension, 'utm_source')));
    expect(bySource).toMatchObject([{ value: 'newsletter', visitors: 1, views: 1, checkouts: 1, sales: 1, revenueCents: 1500 }]);
  });

  it('writes every waiting event in one run, and leaves a malformed one to fail on its own', async () => {
    const { storeId: otherStore } = await seedStorefront(t.db, { slug: 'batch-store' });
    const at = new Date('2026-11-20T10:00:00Z');
    const row = (key: number) => serverEventRow({ occurredAt: new Date(at.getTime() + key), storeId: otherStore, localDay: '2026-11-20', type: 'checkout_started', visitor: null, visitDay: null, productId: null, orderId: null, revenueCents: null });
    for (let key = 0; key < 5; key++) await enqueueAnalyticsEvent(t.db, row(key), `batch:${key}`);
    const { jobId: malformed } = await enqueueJob(t.db, ANALYTICS_EVENT_KIND, { note: 'no event' });
    // One job at a time: the first run takes the four other waiting events with it, so two runs
    // (the five events, then the malformed job failing alone) empty the queue, not six.
    const single = createJobRunner({ db: t.db, handlers: [createAnalyticsEventJob({ db: t.db })], log: createLogger({ logLevel: 'silent' }), concurrency: 1, kinds: { only: [ANALYTICS_EVENT_KIND] } });
    expect(await single.runDue()).toBe(2);
    const written = await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.storeId, otherStore));
    expect(written).toHaveLength(5);
    const [failed] = await t.db.select({ status: jobRows.status }).from(jobRows).where(eq(jobRows.id, malformed));
    expect(failed?.status).toBe('failed');
    await single.stop();
  });

  it('takes at most ANALYTICS_EVENT_BATCH others with its own: two more than that leave one for the next run', async () => {
    const { storeId: busyStore } = await seedStorefront(t.db, { slug: 'busy-batch-store' });
    const at = new Date('2026-11-21T10:00:00Z');
    const row = (key: number) => serverEventRow({ occurredAt: new Date(at.getTime() + key), storeId: busyStore, localDay: '2026-11-21', type: 'checkout_started', visitor: null, visitDay: null, productId: null, orderId: null, revenueCents: null });
    const ids: string[] = [];
    for (let key = 0; key < ANALYTICS_EVENT_BATCH + 2; key++) ids.push((await enqueueAnalyticsEvent(t.db, row(key), `busy:${key}`)).jobId);
    // Each read of the clock is a second later, so the jobs one run marks done share one completion time.
    let tick = Date.now();
    const now = () => new Date((tick += 1000));
    const single = createJobRunner({ db: t.db, handlers: [createAnalyticsEventJob({ db: t.db })], log: createLogger({ logLevel: 'silent' }), concurrency: 1, now, kinds: { only: [ANALYTICS_EVENT_KIND] } });
    expect(await single.runDue()).toBe(2);
    await single.stop();
    expect(await t.db.select().from(analyticsEvents).where(eq(analyticsEvents.storeId, busyStore))).toHaveLength(ANALYTICS_EVENT_BATCH + 2);
    const done = await t.db.select({ completedAt: jobRows.completedAt }).from(jobRows).where(inArray(jobRows.id, ids));
    const perRun = new Map<number, number>();
    for (const job of done) perRun.set(job.completedAt!.getTime(), (perRun.get(job.completedAt!.getTime()) ?? 0) + 1);
    expect(Math.max(...perRun.values())).toBe(ANALYTICS_EVENT_BATCH);
  });
});
