import { BOOKING_LIMITS as L, MESSAGES, TIME_ZONE_MESSAGE, type Availability, type Holiday } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '#src/domain/bookings/booking-messages.ts';
import { errorOf } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { asCreator, NOW } from '#src/testing/booking-checkouts.ts';

const ok = async <T>(reply: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> => {
  const response = await reply;
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return (response.json() as { result: T }).result;
};
const CLOSED = { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] };
const periods = (count: number) => Array.from({ length: count }, (_, hour) => ({ start: `${String(hour).padStart(2, '0')}:00`, end: `${String(hour).padStart(2, '0')}:30` }));

describe('the store’s availability: weekly hours, overrides, holidays', () => {
  const clock = manualClock(new Date(NOW));
  let t: TestApp;
  let fn: ReturnType<typeof asCreator>;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const owner = await signedInCreator(t, { now: clock.now() });
    const store = await createStoreAs(t, owner, 'hours-shop');
    fn = asCreator(t, { owner, storeId: store.id, slug: 'hours-shop' });
  });
  afterAll(() => t?.close());

  it('before it is set: the store’s zone with every day closed; then what was saved', async () => {
    const before = await ok<Availability>(fn('getAvailability'));
    expect(before).toMatchObject({ weeklyHours: CLOSED, configured: false });
    const weeklyHours = { ...CLOSED, mon: [{ start: '13:00', end: '17:00' }, { start: '09:00', end: '12:00' }], sun: [{ start: '20:00', end: '24:00' }] };
    const saved = await ok<Availability>(fn('setAvailability', { timeZone: 'Europe/Berlin', weeklyHours }));
    expect(saved).toEqual({ timeZone: 'Europe/Berlin', configured: true, weeklyHours: { ...weeklyHours, mon: [{ start: '09:00', end: '12:00' }, { start: '13:00', end: '17:00' }] } });
    expect(await ok(fn('getAvailability'))).toEqual(saved);
  });

  it('refuses bad hours with the rule’s message: order, overlap, 12 a day at most, the zone', async () => {
    const message = async (weeklyHours: Record<string, unknown>, timeZone = 'Europe/Berlin') => {
      const response = await fn('setAvailability', { timeZone, weeklyHours: { ...CLOSED, ...weeklyHours } });
      return response.statusCode === 200 ? 'saved' : errorOf(response).message;
    };
    expect(await message({ tue: [{ start: '10:00', end: '09:00' }] })).toBe(BOOKING_MESSAGES.periodOrder);
    expect(await message({ tue: [{ start: '09:00', end: '11:00' }, { start: '10:00', end: '12:00' }] })).toBe(BOOKING_MESSAGES.periodsOverlap);
    expect(await message({ tue: periods(L.periodsPerDay) })).toBe('saved');
    expect(await message({ tue: periods(L.periodsPerDay + 1) })).toBe(`A day can have at most ${L.periodsPerDay} open periods.`);
    expect(await message({ tue: [{ start: '9:00', end: '10:00' }] })).toBe('Times look like 09:00 (24:00 for midnight).');
    expect(await message({}, 'Mars/Olympus')).toBe(TIME_ZONE_MESSAGE);
  });

  it('overrides: set, listed from today in date order, replaced, deleted; a date without one is 404', async () => {
    await ok(fn('setAvailabilityOverride', { date: '2030-06-10', hours: [] }));
    await ok(fn('setAvailabilityOverride', { date: '2030-06-01', hours: [{ start: '10:00', end: '11:00' }] }));
    const listed = await ok<{ overrides: unknown[] }>(fn('setAvailabilityOverride', { date: '2030-06-05', hours: [{ start: '10:00', end: '11:00' }] }));
    // Today is 2030-06-02 in Berlin: the 1st is past.
    expect(listed.overrides).toEqual([
      { date: '2030-06-05', hours: [{ start: '10:00', end: '11:00' }] },
      { date: '2030-06-10', hours: [] },
    ]);
    expect((await ok<{ overrides: unknown[] }>(fn('listAvailabilityOverrides', { from: '2030-06-01' }))).overrides).toHaveLength(3);
    const after = await ok<{ overrides: unknown[] }>(fn('deleteAvailabilityOverride', { date: '2030-06-10' }));
    expect(after.overrides).toEqual([{ date: '2030-06-05', hours: [{ start: '10:00', end: '11:00' }] }]);
    const again = await fn('deleteAvailabilityOverride', { date: '2030-06-10' });
    expect([again.statusCode, errorOf(again).message]).toEqual([404, MESSAGES.generic.notFound]);
    for (const [name, data] of [
      ['setAvailabilityOverride', { date: '2030-02-30', hours: [] }],
      ['deleteAvailabilityOverride', { date: '0000-00-00' }],
      ['listAvailabilityOverrides', { from: '2030-13-01' }],
    ] as const) {
      const badDate = await fn(name, data);
      expect([badDate.statusCode, errorOf(badDate).message]).toEqual([400, BOOKING_MESSAGES.invalidDate]);
    }
  });

  it('holidays: 1 to 366 days with a name of 100 characters at most; listed until they end; deleted', async () => {
    const add = (name: string, startsOn: string, endsOn: string) => fn('addHoliday', { name, startsOn, endsOn });
    const summer = await ok<Holiday>(add('Summer', '2030-08-01', '2030-08-14'));
    expect(summer).toMatchObject({ name: 'Summer', startsOn: '2030-08-01', endsOn: '2030-08-14' });
    // 2032 is a leap year: 366 days.
    expect((await add('Year', '2032-01-01', '2032-12-31')).statusCode).toBe(200);
    expect(errorOf(await add('Too long', '2032-01-01', '2033-01-01')).message).toBe(BOOKING_MESSAGES.holidayTooLong(L.holidayDaysMax));
    expect(errorOf(await add('Backwards', '2031-01-02', '2031-01-01')).message).toBe(BOOKING_MESSAGES.holidayOrder);
    expect((await add('x'.repeat(L.holidayNameMax), '2030-09-01', '2030-09-01')).statusCode).toBe(200);
    expect((await add('x'.repeat(L.holidayNameMax + 1), '2030-09-01', '2030-09-01')).statusCode).toBe(400);
    expect((await add('Past', '2030-05-01', '2030-05-02')).statusCode).toBe(200);
    const { holidays } = await ok<{ holidays: Holiday[] }>(fn('listHolidays'));
    expect(holidays.map((holiday) => holiday.startsOn)).toEqual(['2030-08-01', '2030-09-01', '2032-01-01']);
    expect(await ok(fn('deleteHoliday', { holidayId: summer.id }))).toEqual({ deleted: true });
    const again = await fn('deleteHoliday', { holidayId: summer.id });
    expect([again.statusCode, errorOf(again).message]).toEqual([404, MESSAGES.generic.notFound]);
  });
});
