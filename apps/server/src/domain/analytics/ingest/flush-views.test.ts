import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnalyticsBuffer } from '#src/analytics/analytics-buffer.ts';
import type { PageView } from '#src/analytics/analytics-event.ts';
import { analyticsDaily, analyticsEvents, analyticsVisits } from '#src/db/schema/index.ts';
import { CHROME_UA, IPHONE_UA, UK_IP } from '#src/testing/analytics-events.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { seedProduct } from '#src/testing/seed-products.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';
import { createAnalyticsWriter } from './create-analytics-writer.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.drop());

const US_IP = '8.8.8.8';
const HOME: PageView = { type: 'storefront_view', productId: null, page: null };

/** A buffer writing to the test database, its clock one millisecond further at every view. */
function bufferAt(startIso: string) {
  let clock = Date.parse(startIso);
  const stamps: number[] = [];
  const buffer = createAnalyticsBuffer({
    write: createAnalyticsWriter({ db: t.db }),
    log: silentLog,
    enabled: true,
    nowMs: () => {
      stamps.push(clock);
      return clock++;
    },
  });
  return { buffer, stamps };
}

const eventsOf = (storeId: string) => t.db.select().from(analyticsEvents).where(eq(analyticsEvents.storeId, storeId)).orderBy(asc(analyticsEvents.occurredAt));

describe('a flush of recorded page views', () => {
  it('writes exactly one row per view, at its millisecond, with its page and its own visitor', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'flush-views' });
    const product = await seedProduct(t.db, storeId, { slug: 'flushed-product' });
    const productView: PageView = { type: 'product_view', productId: product.id, page: null };
    const { buffer, stamps } = bufferAt('2026-11-26T12:00:00.001Z');
    // Two visitors interleaved; the UK one arrives from a newsletter link, then moves inside the site.
    buffer.recordView(storeId, HOME, UK_IP, CHROME_UA, 'https://news.example.org/post?id=1', 'utm_source=Mail&utm_campaign=Spring', 'shop.example');
    buffer.recordView(storeId, productView, US_IP, IPHONE_UA, '', '', 'shop.example');
    buffer.recordView(storeId, productView, UK_IP, CHROME_UA, 'https://shop.example/', '', 'shop.example');
    buffer.recordView(storeId, HOME, US_IP, IPHONE_UA, '', '', 'shop.example');
    buffer.recordView(storeId, productView, UK_IP, CHROME_UA, 'https://shop.example/', '', 'shop.example');
    await buffer.flush();
    expect(buffer.counters()).toMatchObject({ queued: 0, accepted: 5, written: 5, discarded: 0, dropped: 0 });

    const rows = await eventsOf(storeId);
    expect(rows.map((row) => row.occurredAt.getTime())).toEqual(stamps);
    expect(rows.map((row) => [row.type, row.productId, row.localDay])).toEqual([
      ['storefront_view', null, '2026-11-26'],
      ['product_view', product.id, '2026-11-26'],
      ['product_view', product.id, '2026-11-26'],
      ['storefront_view', null, '2026-11-26'],
      ['product_view', product.id, '2026-11-26'],
    ]);
    const uk = [rows[0]!, rows[2]!, rows[4]!];
    const us = [rows[1]!, rows[3]!];
    expect(new Set(uk.map((row) => row.visitor)).size).toBe(1);
    expect(new Set(us.map((row) => row.visitor)).size).toBe(1);
    expect(uk[0]!.visitor).not.toBe(us[0]!.visitor);
    // Every event carries its visit's entry source and its own visitor's client classes.
    for (const row of uk) {
      expect(row).toMatchObject({ referrerHost: 'news.example.org', utmSource: 'mail', utmCampaign: 'spring', country: 'GB', device: 'desktop', browser: 'Chrome' });
    }
    for (const row of us) expect(row).toMatchObject({ referrerHost: null, utmSource: null, country: 'US', device: 'mobile', browser: 'Safari', os: 'iOS' });
    expect(await t.db.$count(analyticsVisits, eq(analyticsVisits.storeId, storeId))).toBe(2);
    const [all] = (await t.db.select().from(analyticsDaily).where(eq(analyticsDaily.storeId, storeId))).filter((row) => row.dimension === 'all');
    expect(all).toMatchObject({ visitors: 2, views: 5, productViews: 3 });
  });

  it('writes each of many views of one visitor, and discards only the bot and the unknown store', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'flush-many' });
    const { buffer, stamps } = bufferAt('2026-11-26T13:00:00.000Z');
    for (let i = 0; i < 1_000; i++) buffer.recordView(storeId, HOME, UK_IP, CHROME_UA, '', '', 'shop.example');
    buffer.recordView(storeId, HOME, UK_IP, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '', '', 'shop.example');
    buffer.recordView('store_doesnotexist000000000', HOME, UK_IP, CHROME_UA, '', '', 'shop.example');
    await buffer.flush();
    expect(buffer.counters()).toMatchObject({ accepted: 1_002, written: 1_000, discarded: 2, dropped: 0 });
    const rows = await eventsOf(storeId);
    expect(rows.map((row) => row.occurredAt.getTime())).toEqual(stamps.slice(0, 1_000));
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(1);
  });
});
