import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsDaily, analyticsSalts, analyticsVisits } from '#src/db/schema/index.ts';
import { seedProduct } from '#src/testing/seed-products.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';
import { CHROME_UA, GOOGLEBOT_UA, IPHONE_UA, rawEvent, UK_IP } from '#src/testing/analytics-events.ts';
import { analyticsBatchOf } from '#src/analytics/analytics-batch.ts';
import type { RawAnalyticsEvent } from '#src/analytics/analytics-event.ts';
import { createAnalyticsWriter } from './create-analytics-writer.ts';
import { decodeRows } from './encoded-events.ts';
import { updateStoreTimeZone } from '#src/domain/stores/update-store-time-zone.ts';
import { createSaltCache, deleteEndedSalts } from './day-salts.ts';
import { prepareAnalyticsEvents } from './prepare-analytics-events.ts';
import { ANALYTICS_REBUILD_KIND, createAnalyticsRebuildJob } from './analytics-rebuild-job.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { silentLog } from '#src/testing/log-capture.ts';

let t: TestDatabase;
let storeA: string;
let storeB: string;
beforeAll(async () => {
  t = await createTestDatabase();
  ({ storeId: storeA } = await seedStorefront(t.db, { slug: 'store-a' }));
  ({ storeId: storeB } = await seedStorefront(t.db, { slug: 'store-b' }));
});
afterAll(() => t?.drop());

const at = (iso: string) => Date.parse(iso);
const visitorsOf = async (events: RawAnalyticsEvent[]) =>
  decodeRows(await prepareAnalyticsEvents(t.db, analyticsBatchOf(events), createSaltCache(), new Date('2026-11-26T12:00:00Z'))).map((row) => row.visitor);
/** The buffer's writer, handed whole events. */
const writerOf = (db: TestDatabase['db']) => {
  const write = createAnalyticsWriter({ db });
  return (events: RawAnalyticsEvent[]) => write(analyticsBatchOf(events));
};

describe('the daily visitor hash', () => {
  it('is the same for one store, address and browser within a day, and different the next day or in another store', async () => {
    const [morning, evening, nextDay, otherStore, otherBrowser] = await visitorsOf([
      rawEvent({ storeId: storeA, at: at('2026-11-26T00:10:00Z') }),
      rawEvent({ storeId: storeA, at: at('2026-11-26T23:50:00Z') }),
      rawEvent({ storeId: storeA, at: at('2026-11-27T00:10:00Z') }),
      rawEvent({ storeId: storeB, at: at('2026-11-26T00:10:00Z') }),
      rawEvent({ storeId: storeA, at: at('2026-11-26T00:10:00Z'), userAgent: IPHONE_UA }),
    ]);
    expect(morning).toBe(evening);
    expect(nextDay).not.toBe(morning);
    expect(otherStore).not.toBe(morning);
    expect(otherBrowser).not.toBe(morning);
    // Read again later (the salts come from the database now): the same hash.
    expect((await visitorsOf([rawEvent({ storeId: storeA, at: at('2026-11-26T12:00:00Z') })]))[0]).toBe(morning);
  });

  it('follows the store-local day', async () => {
    await t.db.execute(sql`update stores set time_zone = 'America/New_York' where id = ${storeA}`);
    // 02:00 and 04:00 UTC on the 27th are both the 26th in New York (UTC−5): one visitor-day.
    const [early, late, after] = await visitorsOf([
      rawEvent({ storeId: storeA, at: at('2026-11-27T02:00:00Z') }),
      rawEvent({ storeId: storeA, at: at('2026-11-27T04:00:00Z') }),
      rawEvent({ storeId: storeA, at: at('2026-11-27T05:30:00Z') }),
    ]);
    expect(early).toBe(late);
    expect(after).not.toBe(early);
    await t.db.execute(sql`update stores set time_zone = 'UTC' where id = ${storeA}`);
  });

  it('deletes a salt once its day has ended everywhere, and only then', async () => {
    await visitorsOf([rawEvent({ storeId: storeA, at: at('2026-11-20T12:00:00Z') })]);
    const days = async () => (await t.db.select({ day: analyticsSalts.day }).from(analyticsSalts)).map((row) => row.day).sort();
    expect(await days()).toContain('2026-11-20');
    // 2026-11-21T11:59Z is still the 20th at UTC−12.
    await deleteEndedSalts(t.db, new Date('2026-11-21T11:59:00Z'));
    expect(await days()).toContain('2026-11-20');
    await deleteEndedSalts(t.db, new Date('2026-11-21T12:00:00Z'));
    expect(await days()).not.toContain('2026-11-20');
    expect(await days()).toContain('2026-11-26');
  });
});

describe('the flush', () => {
  it('writes no IP address and no user agent anywhere', async () => {
    const ip = '203.0.113.77';
    const userAgent = `${CHROME_UA} PrivacyProbe/9.9`;
    const writer = writerOf(t.db);
    const written = await writer([
      rawEvent({ storeId: storeA, ip, userAgent, referrer: 'https://news.example.org/a?b=c', query: 'utm_source=Mail' }),
      rawEvent({ storeId: storeA, ip, userAgent, type: 'link_click', linkId: 'l1' }),
    ]);
    expect(written).toBe(2);
    const columns = await t.db.execute<{ table_name: string; column_name: string }>(sql`
      select c.table_name, c.column_name from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns.rows) {
      const hits = await t.db.execute(
        sql.raw(`select 1 from "${table}" where position('203.0.113.77' in "${column}"::text) > 0 or position('PrivacyProbe' in "${column}"::text) > 0 limit 1`),
      );
      if (hits.rows.length > 0) found.push(`${table}.${column}`);
    }
    expect(columns.rows.length).toBeGreaterThan(50);
    expect(found).toEqual([]);
    // What is kept instead: the classes and the referrer's host.
    const [visit] = await t.db.select().from(analyticsVisits).where(eq(analyticsVisits.storeId, storeA)).orderBy(analyticsVisits.firstSeenAt);
    expect(visit).toMatchObject({ referrerHost: 'news.example.org', utmSource: 'mail', device: 'desktop', browser: 'Chrome', os: 'macOS' });
  });

  it('discards bots and events for stores that do not exist', async () => {
    const writer = writerOf(t.db);
    expect(await writer([rawEvent({ storeId: storeB, userAgent: GOOGLEBOT_UA }), rawEvent({ storeId: 'store_doesnotexist000000000' }), rawEvent({ storeId: storeB, userAgent: '' })])).toBe(0);
  });

  it("discards events naming a product of another store or a link the store does not have, and keeps its own", async () => {
    const { storeId: shop } = await seedStorefront(t.db, { slug: 'named-targets' });
    const { storeId: other } = await seedStorefront(t.db, { slug: 'other-targets' });
    const ours = await seedProduct(t.db, shop, { slug: 'ours' });
    const theirs = await seedProduct(t.db, other, { slug: 'theirs' });
    const writer = writerOf(t.db);
    expect(
      await writer([
        rawEvent({ storeId: shop, type: 'product_view', productId: theirs.id }),
        rawEvent({ storeId: shop, type: 'link_click', linkId: 'not-a-link' }),
        rawEvent({ storeId: shop, type: 'link_click', linkId: 'social:myspace' }),
      ]),
    ).toBe(0);
    expect(
      await writer([rawEvent({ storeId: shop, type: 'product_view', productId: ours.id }), rawEvent({ storeId: shop, type: 'link_click', linkId: 'l3' })]),
    ).toBe(2);
  });

  it('never puts store A events into store B rollups or visits', async () => {
    const { storeId: storeC } = await seedStorefront(t.db, { slug: 'store-c' });
    const { storeId: storeD } = await seedStorefront(t.db, { slug: 'store-d' });
    const writer = writerOf(t.db);
    await writer([
      rawEvent({ storeId: storeC, ip: UK_IP }),
      rawEvent({ storeId: storeC, type: 'link_click', linkId: 'l1' }),
      rawEvent({ storeId: storeC, ip: '8.8.8.8', userAgent: IPHONE_UA }),
      rawEvent({ storeId: storeD, ip: UK_IP, type: 'link_click', linkId: 'l2' }),
    ]);
    const totals = async (storeId: string) =>
      (await t.db.select().from(analyticsDaily).where(eq(analyticsDaily.storeId, storeId))).filter((row) => row.dimension === 'all');
    expect(await totals(storeC)).toMatchObject([{ visitors: 2, views: 2, clicks: 1 }]);
    expect(await totals(storeD)).toMatchObject([{ visitors: 1, views: 0, clicks: 1 }]);
    const links = (await t.db.select().from(analyticsDaily).where(eq(analyticsDaily.storeId, storeD))).filter((row) => row.dimension === 'link').map((row) => row.value);
    expect(links).toEqual(['l2']);
    expect(await t.db.$count(analyticsVisits, eq(analyticsVisits.storeId, storeD))).toBe(1);
  });
});

describe('the visits index', () => {
  it('has no B-tree an existing visit could be probed by day alone: the flush finds each by its key', async () => {
    // A btree on local_day alone, with today's rows not yet in the statistics, made every probe
    // of a flush scan the whole day across all stores: quadratic, past the statement timeout.
    const { rows } = await t.db.execute<{ indexname: string; indexdef: string }>(
      sql`select indexname, indexdef from pg_indexes where tablename = 'analytics_visits' order by indexname`,
    );
    const btrees = rows.filter((row) => !/ USING brin /i.test(row.indexdef));
    expect(btrees.map((row) => row.indexdef.replace(/^.* USING btree /i, ''))).toEqual(['(store_id, local_day, visitor)']);
    expect(rows.some((row) => /USING brin \(local_day\)/i.test(row.indexdef))).toBe(true);
  });
});

describe('a time zone change', () => {
  it('moves the daily rollups to the new local days', async () => {
    const { storeId, creatorId } = await seedStorefront(t.db, { slug: 'moving' });
    // 02:00 UTC on the 27th: the 27th in UTC, the 26th in New York.
    await writerOf(t.db)([rawEvent({ storeId, at: at('2026-11-27T02:00:00Z') })]);
    const days = async () =>
      (await t.db.select().from(analyticsDaily).where(eq(analyticsDaily.storeId, storeId))).filter((row) => row.dimension === 'all').map((row) => [row.day, row.views, row.visitors]);
    expect(await days()).toEqual([['2026-11-27', 1, 1]]);
    await updateStoreTimeZone(t.db, { storeId, userId: creatorId, timeZone: 'America/New_York', now: new Date() });
    // The change queued the rebuild; the job runner does it.
    expect(await days()).toEqual([['2026-11-27', 1, 1]]);
    const runner = createJobRunner({ db: t.db, handlers: [createAnalyticsRebuildJob({ db: t.db })], log: silentLog, kinds: { only: [ANALYTICS_REBUILD_KIND] } });
    expect(await runner.runDue()).toBe(1);
    expect(await days()).toEqual([['2026-11-26', 1, 1]]);
  });
});
