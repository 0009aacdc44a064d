import type { Holiday } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingId } from '#src/testing/affiliate-accounts.ts';
import { callFunction, seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { asCreator, bookingsOf, callShop, MONDAY, NOW, paidCall, publishedCall, type CallShop } from '#src/testing/booking-checkouts.ts';

const SETTINGS = {
  durationMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minNoticeMinutes: 0,
  bookingWindowDays: 30,
  dailyMax: null,
  location: { kind: 'phone', value: '+1 555 0100' },
  intakeQuestions: [],
  packageSize: 1,
  packageValidityDays: null,
  changeNoticeHours: 0,
  refundOnCancel: 'none',
};

describe('booking functions: another store’s ids answer exactly like missing ones', () => {
  const clock = manualClock(new Date(NOW));
  let t: TestApp;
  let mine: CallShop;
  let theirs: { storeId: string; productId: string; bookingId: string; holidayId: string };

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    mine = await callShop(t, clock.now());
    await publishedCall(t, mine);
    const other = await callShop(t, clock.now());
    const productId = await publishedCall(t, other);
    const { bookingId } = await paidCall(t, other, productId, MONDAY[0]);
    const holiday = (await asCreator(t, other)('addHoliday', { name: 'Off', startsOn: '2030-07-01', endsOn: '2030-07-02' })).json() as { result: Holiday };
    theirs = { storeId: other.storeId, productId, bookingId, holidayId: holiday.result.id };
  });
  afterAll(() => t?.close());

  const cases: [string, 'productId' | 'bookingId' | 'holidayId', string, Record<string, unknown>][] = [
    ['getCallSettings', 'productId', 'prd', {}],
    ['updateCallSettings', 'productId', 'prd', { settings: SETTINGS }],
    ['cancelCallBooking', 'bookingId', 'bkg', {}],
    ['rescheduleCallBooking', 'bookingId', 'bkg', { startsAt: MONDAY[1] }],
    ['markBookingNoShow', 'bookingId', 'bkg', {}],
    ['setBookingMeetingLink', 'bookingId', 'bkg', { url: 'https://meet.example.com/theirs' }],
    ['deleteHoliday', 'holidayId', 'hol', {}],
  ];

  for (const [name, key, prefix, extra] of cases) {
    it(`${name}: another store’s id and a missing id give the same answer, and change nothing`, async () => {
      const before = await bookingsOf(t, theirs.storeId);
      const foreign = seen(await asCreator(t, mine)(name, { [key]: theirs[key], ...extra }));
      expect(foreign.status).toBe(404);
      expect(foreign).toEqual(seen(await asCreator(t, mine)(name, { [key]: missingId(prefix), ...extra })));
      expect(await bookingsOf(t, theirs.storeId)).toEqual(before);
    });
  }

  it('their bookings are not in my list, and their store answers like a missing store', async () => {
    const listed = (await asCreator(t, mine)('listBookings')).json() as { result: { total: number } };
    expect(listed.result.total).toBe(0);
    for (const name of ['listBookings', 'getAvailability', 'createBookingFeedUrl']) {
      const answer = seen(await asCreator(t, mine)(name, { storeId: theirs.storeId }));
      expect(answer.status).toBe(404);
      expect(answer).toEqual(seen(await asCreator(t, mine)(name, { storeId: missingId('store') })));
    }
    const anonymous = await callFunction(t.app, 'listBookings', { storeId: mine.storeId });
    expect(anonymous.statusCode).toBe(401);
  });
});
