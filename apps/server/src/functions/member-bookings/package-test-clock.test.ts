import { CALL_SETTINGS_MESSAGES as M, type MyBooking, type MyCallPackage } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#src/db/schema/index.ts';
import { signedInMember, type TestMember } from '#src/testing/affiliate-accounts.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { asCreator, callShop, NOW, paidCall, publishedCall, type CallShop } from '#src/testing/booking-checkouts.ts';

const ok = async <T>(reply: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> => {
  const response = await reply;
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return (response.json() as { result: T }).result;
};
const VALIDITY_MINUTES = 30 * 24 * 60;

describe('a test-mode package’s validity follows the store’s test clock', () => {
  const clock = manualClock(new Date(NOW));
  let t: TestApp;
  let shop: CallShop;
  let ada: TestMember;
  let orderId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    shop = await callShop(t, clock.now());
    ada = await signedInMember(t, shop.storeId, { email: 'ada@example.com', now: clock.now() });
    const pack = await publishedCall(t, shop, { packageSize: 3, packageValidityDays: 30 });
    // Paid with the test card: a test-mode order.
    orderId = (await paidCall(t, shop, pack, '2030-06-03T07:00:00.000Z', { email: 'ada@example.com' })).orderId;
  });
  afterAll(() => t?.close());

  const packages = async () => (await ok<{ packages: MyCallPackage[] }>(callFunction(t.app, 'listMyBookings', { storeId: shop.storeId }, { as: ada }))).packages;
  const book = (start: string) => callFunction(t.app, 'bookMyPackageSession', { storeId: shop.storeId, orderId, booking: { start, timeZone: 'Europe/Paris', answers: {} } }, { as: ada });
  const advance = (minutes: number) => ok(asCreator(t, shop)('advanceStoreTestClock', { minutes }));

  it('a minute before the validity ends on the test clock, the package is listed and books', async () => {
    await advance(VALIDITY_MINUTES - 1);
    expect((await packages()).map((item) => [item.orderId, item.sessionsLeft])).toEqual([[orderId, 2]]);
    expect(await ok<MyBooking>(book('2030-06-04T07:00:00.000Z'))).toMatchObject({ status: 'confirmed', orderId });
  });

  it('once the test clock reaches the end of the validity, it is gone and booking says the package expired', async () => {
    await advance(1);
    expect(await packages()).toEqual([]);
    const expired = await book('2030-06-05T07:00:00.000Z');
    expect([expired.statusCode, errorOf(expired).message]).toEqual([400, M.packageExpired]);
  });

  it('a real payment’s package keeps to real time whatever the test clock says', async () => {
    await t.db.update(orders).set({ provider: 'stripe' }).where(eq(orders.id, orderId));
    expect((await packages()).map((item) => item.orderId)).toEqual([orderId]);
    expect((await book('2030-06-05T07:00:00.000Z')).statusCode).toBe(200);
  });
});
