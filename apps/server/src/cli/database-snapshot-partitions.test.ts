import { sql } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAnalyticsPartitions } from '../analytics/partitions.ts';
import { seedStorefront } from '../testing/seed-storefront.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { dumpDatabase, publicTables, restoreDatabase } from './database-snapshot.ts';

/** The partitioned analytics_events table goes through a backup once, and a restore refills it. */
describe('database snapshot of partitioned tables', () => {
  const work = mkdtempSync(join(tmpdir(), 'shopfront-partition-backup-'));
  let source: TestDatabase;
  let target: TestDatabase;
  let storeId: string;

  beforeAll(async () => {
    source = await createTestDatabase();
    target = await createTestDatabase();
    ({ storeId } = await seedStorefront(source.db, { slug: 'snapshots' }));
    await ensureAnalyticsPartitions(source.db, new Date('2026-11-26T12:00:00Z'));
    // Two rows in monthly partitions, one in the default partition.
    for (const at of ['2026-11-02T10:00:00Z', '2026-12-24T10:00:00Z', '2025-01-05T10:00:00Z']) {
      await source.db.execute(sql`insert into analytics_events (occurred_at, store_id, local_day, type) values (${at}::timestamptz, ${storeId}, ${at.slice(0, 10)}::date, 'storefront_view')`);
    }
  });
  afterAll(async () => {
    await source?.drop();
    await target?.drop();
    rmSync(work, { recursive: true, force: true });
  });

  const count = async (t: TestDatabase, table: string) => Number((await t.db.execute<{ n: string }>(sql.raw(`select count(*) as n from ${table}`))).rows[0]!.n);

  it('lists the partitioned parent, never its partitions', async () => {
    const client = await source.pool.connect();
    try {
      const tables = await publicTables(client);
      expect(tables).toContain('analytics_events');
      expect(tables.filter((table) => table.startsWith('analytics_events_'))).toEqual([]);
    } finally {
      client.release();
    }
  });

  it('backs every event up once and restores them into a database without those partitions', async () => {
    const file = join(work, 'rows.jsonl');
    const header = await dumpDatabase(source.pool, file);
    expect(header.tables.analytics_events).toBe(3);
    const restored = await restoreDatabase(target.pool, file);
    expect(restored.analytics_events).toBe(3);
    expect(await count(target, 'analytics_events')).toBe(3);
    // The target had only the default partition: the next maintenance moves the rows into their months.
    expect(await ensureAnalyticsPartitions(target.db, new Date('2026-11-26T12:00:00Z'))).toEqual(
      expect.arrayContaining(['analytics_events_y2026m11', 'analytics_events_y2026m12', 'analytics_events_y2025m01']),
    );
    expect(await count(target, 'only analytics_events_default')).toBe(0);
    expect(await count(target, 'analytics_events')).toBe(3);
    // New events still get fresh ids after the restored ones.
    const [row] = (await target.db.execute<{ id: string }>(sql`insert into analytics_events (occurred_at, store_id, local_day, type) values (now(), ${storeId}, current_date, 'link_click') returning id`)).rows;
    expect(Number(row!.id)).toBeGreaterThan(3);
  });

  it('restores over a database whose partitions already exist', async () => {
    const file = join(work, 'again.jsonl');
    await dumpDatabase(source.pool, file);
    const restored = await restoreDatabase(target.pool, file);
    expect(restored.analytics_events).toBe(3);
    expect(await count(target, 'analytics_events')).toBe(3);
  });
});
