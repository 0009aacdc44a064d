import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStorefront } from '../testing/seed-storefront.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { dropExpiredAnalyticsPartitions, ensureAnalyticsPartitions, listAnalyticsPartitions, retentionCutoff } from './partitions.ts';

let t: TestDatabase;
let storeId: string;
beforeAll(async () => {
  t = await createTestDatabase();
  ({ storeId } = await seedStorefront(t.db, { slug: 'partitioned' }));
});
afterAll(() => t?.drop());

const names = async () => (await listAnalyticsPartitions(t.db)).map((partition) => partition.name);
const insertEvent = (at: string) =>
  t.db.execute(sql`insert into analytics_events (occurred_at, store_id, local_day, type) values (${at}::timestamptz, ${storeId}, ${at.slice(0, 10)}::date, 'storefront_view')`);
const rowsIn = async (table: string) => Number((await t.db.execute<{ n: string }>(sql.raw(`select count(*) as n from only ${table}`))).rows[0]!.n);

describe('analytics partitions', () => {
  it('creates this month and the next two, once', async () => {
    const now = new Date('2026-11-26T15:00:00Z');
    expect(await ensureAnalyticsPartitions(t.db, now)).toEqual(['analytics_events_y2026m11', 'analytics_events_y2026m12', 'analytics_events_y2027m01']);
    expect(await ensureAnalyticsPartitions(t.db, now)).toEqual([]);
    expect(await names()).toEqual(['analytics_events_y2026m11', 'analytics_events_y2026m12', 'analytics_events_y2027m01']);
    await insertEvent('2026-12-31T23:59:59Z');
    expect(await rowsIn('analytics_events_y2026m12')).toBe(1);
  });

  it('moves rows stranded in the default partition into their month when it is created', async () => {
    await insertEvent('2026-03-10T08:00:00Z');
    await insertEvent('2026-03-31T23:59:59Z');
    expect(await rowsIn('analytics_events_default')).toBe(2);
    const created = await ensureAnalyticsPartitions(t.db, new Date('2026-11-26T15:00:00Z'));
    expect(created).toEqual(['analytics_events_y2026m03']);
    expect(await rowsIn('analytics_events_default')).toBe(0);
    expect(await rowsIn('analytics_events_y2026m03')).toBe(2);
    // The identity still numbers new rows, in the moved month too.
    await insertEvent('2026-03-11T08:00:00Z');
    expect(await rowsIn('analytics_events_y2026m03')).toBe(3);
  });

  it('retention drops partitions wholly older than the kept months, and nothing newer', async () => {
    const now = new Date('2028-03-05T00:00:00Z');
    // 25 months: March 2028 back to March 2026 are kept.
    expect(retentionCutoff(now, 25).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(await dropExpiredAnalyticsPartitions(t.db, now, 25)).toEqual([]);
    expect(await dropExpiredAnalyticsPartitions(t.db, new Date('2028-04-01T00:00:00Z'), 25)).toEqual(['analytics_events_y2026m03']);
    expect(await names()).toEqual(['analytics_events_y2026m11', 'analytics_events_y2026m12', 'analytics_events_y2027m01']);
  });

  it('retention deletes old rows left in the default partition', async () => {
    await t.db.execute(sql.raw(`insert into analytics_events_default (occurred_at, store_id, local_day, type) values ('2020-01-01T00:00:00Z', '${storeId}', '2020-01-01', 'storefront_view')`));
    await dropExpiredAnalyticsPartitions(t.db, new Date('2026-11-26T00:00:00Z'), 25);
    expect(await rowsIn('analytics_events_default')).toBe(0);
  });
});
