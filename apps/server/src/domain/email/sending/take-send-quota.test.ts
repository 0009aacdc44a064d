import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';
import { emailSendWindows } from '#src/db/schema/index.ts';
import { purgeSendWindows } from './purge-send-windows.ts';
import { takeSendQuota } from './take-send-quota.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

const second = (n: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, n, 250));

describe('takeSendQuota (per-store and platform-wide windows of one second)', () => {
  it('grants a store exactly its limit in a second, refuses one more, and grants again the next second', async () => {
    const limits = { perStorePerSecond: 5, platformPerSecond: 1_000 };
    const take = (want: number, now: Date) => takeSendQuota(database.db, { storeId: 'store_a', want, limits, now });
    expect(await take(3, second(1))).toBe(3);
    expect(await take(3, second(1))).toBe(2); // what is left of the 5
    expect(await take(1, second(1))).toBe(0); // one over the limit
    expect(await take(50, second(2))).toBe(5); // a new second, capped at the limit
  });

  it('shares the platform limit between stores and gives back a store grant the platform refused', async () => {
    const limits = { perStorePerSecond: 100, platformPerSecond: 8 };
    const take = (storeId: string, want: number) => takeSendQuota(database.db, { storeId, want, limits, now: second(10) });
    expect(await take('store_b', 5)).toBe(5);
    expect(await take('store_c', 5)).toBe(3); // the platform's last 3
    expect(await take('store_c', 1)).toBe(0); // the platform is full
    // store_c's refused ask was given back: its own counter shows only what it really got.
    const rows = await database.db.select().from(emailSendWindows);
    const sentBy = Object.fromEntries(rows.filter((row) => row.windowStart.getTime() === Date.UTC(2030, 0, 1, 0, 0, 10)).map((row) => [row.scope, row.sent]));
    expect(sentBy).toEqual({ 'store:store_b': 5, 'store:store_c': 3, platform: 8 });
  });

  it('forgets windows older than a minute', async () => {
    await purgeSendWindows(database.db, new Date(Date.UTC(2030, 0, 1, 0, 1, 5)));
    const left = await database.db.select().from(emailSendWindows);
    expect(left.map((row) => row.windowStart.toISOString())).toEqual(left.map(() => '2030-01-01T00:00:10.000Z'));
    await purgeSendWindows(database.db, new Date(Date.UTC(2030, 0, 1, 0, 1, 11)));
    expect(await database.db.select().from(emailSendWindows)).toEqual([]);
  });
});
