import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, stores } from '#src/db/schema/index.ts';
import { missingId } from '#src/testing/affiliate-accounts.ts';
import { callFunction, errorOf, seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { asCreator, callShop, MONDAY, NOW, paidCall, publishedCall, type CallShop } from '#src/testing/booking-checkouts.ts';

type Slots = { days: { date: string; slots: { startsAt: string; time: string; offset: string }[] }[]; timeZone: string; durationMinutes: number };
const MONDAY_RANGE = { timeZone: 'America/New_York', from: '2030-06-03T00:00:00.000Z', to: '2030-06-04T00:00:00.000Z' };
const starts = (answer: { json(): unknown }) => (answer.json() as { result: Slots }).result.days.flatMap((day) => day.slots.map((slot) => slot.startsAt));

describe('getCallOpenSlots: the creator’s open times of a call, for rescheduling', () => {
  const clock = manualClock(new Date(NOW));
  let t: TestApp;
  let shop: CallShop;
  let fn: ReturnType<typeof asCreator>;
  let call: string;
  let bookingId: string;
  let otherCallBooking: string;
  let theirs: { productId: string; bookingId: string };

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    shop = await callShop(t, clock.now());
    fn = asCreator(t, shop);
    call = await publishedCall(t, shop);
    ({ bookingId } = await paidCall(t, shop, call, MONDAY[0]));
    const another = await publishedCall(t, shop);
    ({ bookingId: otherCallBooking } = await paidCall(t, shop, another, '2030-06-04T07:00:00.000Z'));
    // Unpublished and offline: the buyer's getOpenSlots no longer answers.
    await t.db.update(products).set({ status: 'draft' }).where(eq(products.id, call));
    await t.db.update(stores).set({ offlineReason: 'plan-limit' }).where(eq(stores.id, shop.storeId));
    const other = await callShop(t, clock.now());
    const productId = await publishedCall(t, other);
    theirs = { productId, ...(await paidCall(t, other, productId, MONDAY[1])) };
  });
  afterAll(() => t?.close());

  it('answers the open starts of an unpublished call of an offline store, in the asked zone, where the buyer gets 404', async () => {
    const buyer = await callFunction(t.app, 'getOpenSlots', { storeId: shop.storeId, productId: call, ...MONDAY_RANGE });
    expect(buyer.statusCode).toBe(404);
    const answer = await fn('getCallOpenSlots', { productId: call, ...MONDAY_RANGE });
    expect(answer.statusCode).toBe(200);
    const result = (answer.json() as { result: Slots }).result;
    expect(result).toMatchObject({ timeZone: 'America/New_York', durationMinutes: 30 });
    // Monday 09:00 Berlin is booked (the other store's booking at 09:45 is not this store's).
    expect(result.days).toEqual([
      {
        date: '2030-06-03',
        slots: [
          { startsAt: MONDAY[1], time: '03:45', offset: expect.any(String) },
          { startsAt: MONDAY[2], time: '04:30', offset: expect.any(String) },
          { startsAt: MONDAY[3], time: '05:15', offset: expect.any(String) },
        ],
      },
    ]);
  });

  it('with the booking being moved, its own time counts as free; without, it does not', async () => {
    expect(starts(await fn('getCallOpenSlots', { productId: call, ...MONDAY_RANGE, bookingId }))).toEqual([...MONDAY]);
    expect(starts(await fn('getCallOpenSlots', { productId: call, ...MONDAY_RANGE }))).not.toContain(MONDAY[0]);
  });

  it('a booking of another call of the store, of another store, or none, answers 404 alike', async () => {
    const missing = seen(await fn('getCallOpenSlots', { productId: call, ...MONDAY_RANGE, bookingId: missingId('bkg') }));
    expect(missing.status).toBe(404);
    expect(seen(await fn('getCallOpenSlots', { productId: call, ...MONDAY_RANGE, bookingId: theirs.bookingId }))).toEqual(missing);
    expect(seen(await fn('getCallOpenSlots', { productId: call, ...MONDAY_RANGE, bookingId: otherCallBooking }))).toEqual(missing);
  });

  it('another store’s call answers exactly like a missing one; a signed-out caller is refused', async () => {
    const foreign = seen(await fn('getCallOpenSlots', { productId: theirs.productId, ...MONDAY_RANGE }));
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(seen(await fn('getCallOpenSlots', { productId: missingId('prd'), ...MONDAY_RANGE })));
    expect(seen(await asCreator(t, shop)('getCallOpenSlots', { storeId: missingId('store'), productId: call, ...MONDAY_RANGE })).status).toBe(404);
    const anonymous = await callFunction(t.app, 'getCallOpenSlots', { storeId: shop.storeId, productId: call, ...MONDAY_RANGE });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reads at most 42 days: 42 answer, a minute more is refused; a bad zone is refused', async () => {
    const from = '2030-06-03T00:00:00.000Z';
    const days42 = new Date(Date.parse(from) + 42 * 86_400_000).toISOString();
    expect((await fn('getCallOpenSlots', { productId: call, timeZone: 'Europe/Berlin', from, to: days42 })).statusCode).toBe(200);
    const tooLong = await fn('getCallOpenSlots', { productId: call, timeZone: 'Europe/Berlin', from, to: new Date(Date.parse(days42) + 60_000).toISOString() });
    expect([tooLong.statusCode, errorOf(tooLong).message]).toEqual([400, expect.stringContaining('42')]);
    expect((await fn('getCallOpenSlots', { productId: call, timeZone: 'Mars/Olympus', from, to: days42 })).statusCode).toBe(400);
  });
});
