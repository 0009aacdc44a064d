import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, analyticsHourly, stores } from '#src/db/schema/index.ts';
import { storefrontViewRow } from '#src/testing/analytics-events.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';
import { writeAnalyticsEvents } from './write-analytics-events.ts';

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.drop());

const eventCount = async (storeId: string) =>
  (await t.db.select({ n: count() }).from(analyticsEvents).where(eq(analyticsEvents.storeId, storeId)))[0]!.n;

/** Until another connection's delete from stores waits for a lock. */
async function waitForDeletionToBlock(): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like 'delete from "stores"%'`,
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the deletion never waited for the batch');
}

// The raw events have no foreign key to stores (its per-event check was about half of the flush
// statement's time); a trigger on stores removes a deleted store's events, and the rollups' keys
// refuse a batch written for a store that is gone.
describe("a deleted store's analytics events", () => {
  it('go with the stores one statement deletes, and only theirs', async () => {
    const { storeId: first } = await seedStorefront(t.db, { slug: 'events-gone-1' });
    const { storeId: second } = await seedStorefront(t.db, { slug: 'events-gone-2' });
    const { storeId: kept } = await seedStorefront(t.db, { slug: 'events-kept' });
    await writeAnalyticsEvents(t.db, [
      storefrontViewRow(first, '2026-11-30T09:00:00Z'),
      storefrontViewRow(first, '2026-11-30T09:00:01Z'),
      storefrontViewRow(second, '2026-12-01T09:00:00Z'),
      storefrontViewRow(kept, '2026-11-30T09:00:02Z'),
    ]);
    expect([await eventCount(first), await eventCount(second), await eventCount(kept)]).toEqual([2, 1, 1]);

    await t.db.delete(stores).where(inArray(stores.id, [first, second]));
    expect([await eventCount(first), await eventCount(second), await eventCount(kept)]).toEqual([0, 0, 1]);
  });

  it('are not written after the store is gone: the whole batch is refused, its raw rows included', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'events-late' });
    await writeAnalyticsEvents(t.db, [storefrontViewRow(storeId, '2026-11-30T10:00:00Z')]);
    await t.db.delete(stores).where(eq(stores.id, storeId));
    expect(await eventCount(storeId)).toBe(0);

    // A batch buffered before the deletion, flushed after it.
    await expect(writeAnalyticsEvents(t.db, [storefrontViewRow(storeId, '2026-11-30T10:00:05Z')])).rejects.toThrow();
    expect(await eventCount(storeId)).toBe(0);
    expect(await t.db.select().from(analyticsHourly).where(eq(analyticsHourly.storeId, storeId))).toEqual([]);
  });

  it('include a batch that committed while the deletion waited for it', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'events-raced' });
    let deletion: Promise<unknown> | undefined;
    await t.db.transaction(async (tx) => {
      // The batch's first rollup rows check the store's key, which locks its row until this commits.
      await writeAnalyticsEvents(tx, [storefrontViewRow(storeId, '2026-11-30T12:00:00Z')]);
      deletion = t.db.delete(stores).where(eq(stores.id, storeId)).execute();
      await waitForDeletionToBlock();
    });
    await deletion;
    expect(await t.db.select().from(stores).where(eq(stores.id, storeId))).toEqual([]);
    expect(await eventCount(storeId)).toBe(0);
  });

  it('are emptied when stores is truncated, as a cascade used to', async () => {
    const scratch = await createTestDatabase();
    try {
      const { storeId } = await seedStorefront(scratch.db, { slug: 'events-truncated' });
      await writeAnalyticsEvents(scratch.db, [storefrontViewRow(storeId, '2026-11-30T11:00:00Z')]);
      await scratch.db.execute(sql`truncate stores cascade`);
      expect((await scratch.db.select({ n: count() }).from(analyticsEvents))[0]!.n).toBe(0);
    } finally {
      await scratch.drop();
    }
  });
});
