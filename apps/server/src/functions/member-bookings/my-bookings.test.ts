import { BOOKING_LIMITS, CALL_SETTINGS_MESSAGES as M, MESSAGES, PRODUCT_MESSAGES, type MyBooking, type MyCallPackage, type SlotDay } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '#src/db/schema/index.ts';
import { BOOKING_MESSAGES } from '#src/domain/bookings/booking-messages.ts';
import { missingId, signedInMember, type TestMember } from '#src/testing/affiliate-accounts.ts';
import { callFunction, errorOf, seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { callShop, MONDAY, NOW, paidCall, publishedCall, type CallShop } from '#src/testing/booking-checkouts.ts';

const ok = async <T>(reply: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> => {
  const response = await reply;
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return (response.json() as { result: T }).result;
};
const HOUR = 3_600_000;
const WEDNESDAY = ['2030-06-05T07:00:00.000Z', '2030-06-05T07:45:00.000Z', '2030-06-05T08:30:00.000Z'] as const;

describe('the buyer’s side of calls: open times, my bookings, changes within the policy, packages', () => {
  const clock = manualClock(new Date(NOW));
  let t: TestApp;
  let shop: CallShop;
  let ada: TestMember;
  let bo: TestMember;
  let call: string;
  let strict: string;
  let adaBooking: string;
  let boBooking: string;
  const as = (who: TestMember) => (name: string, data: Record<string, unknown>) => callFunction(t.app, name, { storeId: shop.storeId, ...data }, { as: who });

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    shop = await callShop(t, clock.now());
    ada = await signedInMember(t, shop.storeId, { email: 'ada@example.com', now: clock.now() });
    bo = await signedInMember(t, shop.storeId, { email: 'bo@example.com', now: clock.now() });
    call = await publishedCall(t, shop, { changeNoticeHours: 24 });
    strict = await publishedCall(t, shop, { refundOnCancel: 'none', changeNoticeHours: 0, locationKind: 'phone', locationValue: '+49 30 1234567' });
    adaBooking = (await paidCall(t, shop, call, MONDAY[0], { email: 'ada@example.com' })).bookingId;
    boBooking = (await paidCall(t, shop, strict, MONDAY[1], { email: 'bo@example.com' })).bookingId;
  });
  afterAll(() => t?.close());

  const openSlots = (data: Record<string, unknown>) => callFunction(t.app, 'getOpenSlots', { storeId: shop.storeId, timeZone: 'America/New_York', from: '2030-06-03T00:00:00Z', to: '2030-06-04T00:00:00Z', ...data });

  it('anyone sees a published call’s open times in their zone, without the booked ones', async () => {
    const answer = await ok<{ days: SlotDay[]; durationMinutes: number; locationKind: string; packageSize: number }>(openSlots({ productId: call }));
    expect(answer).toMatchObject({ durationMinutes: 30, locationKind: 'video-url', packageSize: 1 });
    expect(answer.days).toEqual([
      {
        date: '2030-06-03',
        slots: [
          { startsAt: MONDAY[2], time: '04:30', offset: '-04:00' },
          { startsAt: MONDAY[3], time: '05:15', offset: '-04:00' },
        ],
      },
    ]);
  });

  it('a draft call, another product and another store’s call answer like a missing product; the range is 42 days at most', async () => {
    const draft = await publishedCall(t, shop);
    await t.db.update(products).set({ status: 'draft' }).where(eq(products.id, draft));
    const other = await callShop(t, clock.now());
    const theirs = await publishedCall(t, other);
    const missing = seen(await openSlots({ productId: missingId('prd') }));
    expect(missing).toEqual({ status: 404, body: { error: expect.objectContaining({ message: PRODUCT_MESSAGES.notForSale }) } });
    expect(seen(await openSlots({ productId: draft }))).toEqual(missing);
    expect(seen(await openSlots({ productId: theirs }))).toEqual(missing);
    const days = (count: number) => openSlots({ productId: call, to: new Date(Date.parse('2030-06-03T00:00:00Z') + count * 24 * HOUR).toISOString() });
    expect((await days(BOOKING_LIMITS.openSlotsDaysMax)).statusCode).toBe(200);
    expect(errorOf(await days(BOOKING_LIMITS.openSlotsDaysMax + 1)).message).toBe(BOOKING_MESSAGES.rangeTooLong(BOOKING_LIMITS.openSlotsDaysMax));
  });

  it('lists only the customer’s own bookings; the video link shows from 15 minutes before the start', async () => {
    const mine = await ok<{ bookings: MyBooking[] }>(as(ada)('listMyBookings', {}));
    expect(mine.bookings.map((booking) => booking.id)).toEqual([adaBooking]);
    // The change notice (24 h before Monday 07:00) passed this morning.
    expect(mine.bookings[0]).toMatchObject({ status: 'confirmed', timeZone: 'America/New_York', locationKind: 'video-url', locationValue: null, joinOpensAt: '2030-06-03T06:45:00.000Z', refundOnCancel: 'full', changeableUntil: null });
    const phone = await ok<{ bookings: MyBooking[] }>(as(bo)('listMyBookings', {}));
    expect(phone.bookings[0]).toMatchObject({ id: boBooking, locationKind: 'phone', locationValue: '+49 30 1234567', changeableUntil: MONDAY[1] });
    clock.set(new Date(Date.parse(MONDAY[0]) - 15 * 60_000 - 1));
    expect((await ok<{ bookings: MyBooking[] }>(as(ada)('listMyBookings', {}))).bookings[0]!.locationValue).toBeNull();
    clock.advance(1);
    expect((await ok<{ bookings: MyBooking[] }>(as(ada)('listMyBookings', {}))).bookings[0]!.locationValue).toBe('https://meet.example.com/creator');
    clock.set(new Date(NOW));
  });

  it('another customer’s booking answers exactly like a missing one, and a signed-out caller is refused', async () => {
    for (const name of ['rescheduleMyBooking', 'cancelMyBooking']) {
      const data = name === 'rescheduleMyBooking' ? { startsAt: WEDNESDAY[0] } : {};
      const foreign = seen(await as(bo)(name, { bookingId: adaBooking, ...data }));
      expect(foreign.status).toBe(404);
      expect(foreign).toEqual(seen(await as(bo)(name, { bookingId: missingId('bkg'), ...data })));
    }
    const anonymous = await callFunction(t.app, 'listMyBookings', { storeId: shop.storeId });
    expect([anonymous.statusCode, errorOf(anonymous).message]).toEqual([401, MESSAGES.generic.unauthenticated]);
  });

  it('the buyer reschedules until the change notice (that moment included), then no more', async () => {
    const { bookingId } = await paidCall(t, shop, call, WEDNESDAY[0], { email: 'ada@example.com' });
    const moved = await ok<MyBooking>(as(ada)('rescheduleMyBooking', { bookingId, startsAt: WEDNESDAY[1] }));
    expect(moved).toMatchObject({ id: bookingId, startsAt: WEDNESDAY[1], changeableUntil: '2030-06-04T07:45:00.000Z' });
    clock.set(new Date('2030-06-04T07:45:00.000Z'));
    expect((await ok<MyBooking>(as(ada)('rescheduleMyBooking', { bookingId, startsAt: WEDNESDAY[2] }))).startsAt).toBe(WEDNESDAY[2]);
    clock.set(new Date(Date.parse('2030-06-04T08:30:00.000Z') + 1));
    const late = await as(ada)('rescheduleMyBooking', { bookingId, startsAt: WEDNESDAY[0] });
    expect([late.statusCode, errorOf(late).message]).toEqual([400, BOOKING_MESSAGES.tooLateToChange(24)]);
    const lateCancel = await as(ada)('cancelMyBooking', { bookingId });
    expect(errorOf(lateCancel).message).toBe(BOOKING_MESSAGES.tooLateToChange(24));
    clock.set(new Date(NOW));
  });

  it('cancelling refunds per the product’s policy: in full, or nothing', async () => {
    const { bookingId, orderId } = await paidCall(t, shop, call, '2030-06-06T07:00:00.000Z', { email: 'ada@example.com' });
    const full = await ok<{ booking: MyBooking; refundedCents: number }>(as(ada)('cancelMyBooking', { bookingId }));
    expect(full).toMatchObject({ refundedCents: 5000, booking: { status: 'cancelled', changeableUntil: null } });
    expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]).toMatchObject({ status: 'refunded' });
    const none = await ok<{ booking: MyBooking; refundedCents: number }>(as(bo)('cancelMyBooking', { bookingId: boBooking }));
    expect(none).toMatchObject({ refundedCents: 0, booking: { status: 'cancelled' } });
    const [boOrder] = await t.db.select().from(orders).where(eq(orders.id, none.booking.orderId!));
    expect(boOrder).toMatchObject({ status: 'paid', refundedCents: 0 });
  });

  it('a package: the rest of its calls are booked from the members area, up to its size, within its validity', async () => {
    const pack = await publishedCall(t, shop, { packageSize: 3, packageValidityDays: 30 });
    const { orderId } = await paidCall(t, shop, pack, '2030-06-07T07:00:00.000Z', { email: 'ada@example.com' });
    const packages = async () => (await ok<{ packages: MyCallPackage[] }>(as(ada)('listMyBookings', {}))).packages;
    expect(await packages()).toEqual([{ orderId, productId: pack, productTitle: expect.any(String), sessionsLeft: 2, packageSize: 3, validUntil: new Date(NOW + 30 * 24 * HOUR).toISOString() }]);
    const book = (start: string, who = ada, order = orderId) => as(who)('bookMyPackageSession', { orderId: order, booking: { start, timeZone: 'Europe/Paris', answers: {} } });
    expect(await ok<MyBooking>(book('2030-06-10T07:00:00.000Z'))).toMatchObject({ status: 'confirmed', orderId, timeZone: 'Europe/Paris' });
    const foreign = seen(await book('2030-06-11T07:00:00.000Z', bo));
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(seen(await book('2030-06-11T07:00:00.000Z', bo, missingId('ord'))));
    expect((await book('2030-06-11T07:00:00.000Z')).statusCode).toBe(200);
    expect(await packages()).toEqual([]);
    const full = await book('2030-06-12T07:00:00.000Z');
    expect([full.statusCode, errorOf(full).message]).toEqual([400, M.noSessionsLeft]);
    // A cancelled call returns to the package (and refunds nothing); past its validity nothing more is booked.
    const [first] = (await ok<{ bookings: MyBooking[] }>(as(ada)('listMyBookings', {}))).bookings.filter((booking) => booking.orderId === orderId);
    expect(await ok(as(ada)('cancelMyBooking', { bookingId: first!.id }))).toMatchObject({ refundedCents: 0 });
    // (The order is moved back in time: a members session does not last 30 days.)
    const boughtAt = (at: number) => t.db.update(orders).set({ createdAt: new Date(at) }).where(eq(orders.id, orderId));
    await boughtAt(NOW - 30 * 24 * HOUR + 1);
    expect((await packages()).map((item) => item.sessionsLeft)).toEqual([1]);
    await boughtAt(NOW - 30 * 24 * HOUR);
    expect(await packages()).toEqual([]);
    const expired = await book('2030-06-12T07:00:00.000Z');
    expect([expired.statusCode, errorOf(expired).message]).toEqual([400, M.packageExpired]);
  });
});
