import { MESSAGES, TIME_ZONE_MESSAGE } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { seedCallProduct } from '#src/testing/bookings.ts';
import { seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import { findOpenSlots } from './find-open-slots.ts';
import { addStoreHoliday, deleteStoreHoliday, setAvailabilityOverride, setStoreAvailability } from './set-availability.ts';
import { refusal } from '#src/testing/refusal.ts';

const NOW = new Date('2030-06-03T06:00:00.000Z');

describe('setting a store’s availability', () => {
  let t: TestApp;
  let a: SeededStore;
  let b: SeededStore;
  let call: string;

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = [await seedStore(t), await seedStore(t)];
    call = await seedCallProduct(t, a.id, { bufferAfterMinutes: 0, durationMinutes: 60 });
  });
  afterAll(() => t?.close());

  /** The store's open starts in the week of Monday 2030-06-03, as Berlin date and time. */
  const week = async () =>
    (await findOpenSlots(t.db, { storeId: a.id, productId: call, from: new Date('2030-06-03T00:00:00Z'), to: new Date('2030-06-10T00:00:00Z'), buyerTimeZone: 'Europe/Berlin', now: NOW })).map((day) => `${day.date} ${day.slots.map((slot) => slot.time).join(',')}`);

  it('answers no open time before hours are set, then the weekly hours in the chosen zone', async () => {
    expect(await refusal(week())).toEqual({ code: 'failed-precondition', message: BOOKING_MESSAGES.noHours });
    expect(await refusal(setStoreAvailability(t.db, { storeId: a.id, timeZone: 'Berlin', weeklyHours: {}, now: NOW }))).toEqual({ code: 'invalid-argument', message: TIME_ZONE_MESSAGE });
    await setStoreAvailability(t.db, { storeId: a.id, timeZone: 'Europe/Berlin', weeklyHours: { tue: [{ start: '09:00', end: '11:00' }], thu: [{ start: '14:00', end: '15:00' }] }, now: NOW });
    expect(await week()).toEqual(['2030-06-04 09:00,10:00', '2030-06-06 14:00']);
    // The same hours meant in New York are six hours later in Berlin.
    await setStoreAvailability(t.db, { storeId: a.id, timeZone: 'America/New_York', weeklyHours: { tue: [{ start: '09:00', end: '11:00' }] }, now: NOW });
    expect(await week()).toEqual(['2030-06-04 15:00,16:00']);
    await setStoreAvailability(t.db, { storeId: a.id, timeZone: 'Europe/Berlin', weeklyHours: { tue: [{ start: '09:00', end: '11:00' }], thu: [{ start: '14:00', end: '15:00' }] }, now: NOW });
  });

  it('closes or changes one date with an override, and goes back to the weekly hours when it is removed', async () => {
    await setAvailabilityOverride(t.db, { storeId: a.id, date: '2030-06-04', hours: [], now: NOW });
    await setAvailabilityOverride(t.db, { storeId: a.id, date: '2030-06-08', hours: [{ start: '10:00', end: '11:00' }], now: NOW });
    expect(await week()).toEqual(['2030-06-06 14:00', '2030-06-08 10:00']);
    await setAvailabilityOverride(t.db, { storeId: a.id, date: '2030-06-04', hours: null, now: NOW });
    expect(await week()).toEqual(['2030-06-04 09:00,10:00', '2030-06-06 14:00', '2030-06-08 10:00']);
    expect(await refusal(setAvailabilityOverride(t.db, { storeId: a.id, date: '2030-06-31', hours: [], now: NOW }))).toMatchObject({ message: BOOKING_MESSAGES.invalidDate });
    expect(await refusal(setAvailabilityOverride(t.db, { storeId: a.id, date: '2030-06-05', hours: [{ start: '11:00', end: '10:00' }], now: NOW }))).toMatchObject({ message: BOOKING_MESSAGES.periodOrder });
  });

  it('closes a holiday’s dates whatever the hours say; another store’s holiday id answers like none', async () => {
    const id = await addStoreHoliday(t.db, { storeId: a.id, name: ' Summer ', startsOn: '2030-06-06', endsOn: '2030-06-08' });
    expect(await week()).toEqual(['2030-06-04 09:00,10:00']);
    const notFound = { code: 'not-found', message: MESSAGES.generic.notFound };
    expect(await refusal(deleteStoreHoliday(t.db, { storeId: b.id, holidayId: id }))).toEqual(notFound);
    expect(await refusal(deleteStoreHoliday(t.db, { storeId: a.id, holidayId: newId('hol') }))).toEqual(notFound);
    await deleteStoreHoliday(t.db, { storeId: a.id, holidayId: id });
    expect(await week()).toHaveLength(3);
  });

  it('takes a holiday of one day up to 366 days, ending on or after its start, with a name', async () => {
    expect(await addStoreHoliday(t.db, { storeId: b.id, name: 'One day', startsOn: '2030-01-01', endsOn: '2030-01-01' })).toMatch(/^hol_/);
    expect(await addStoreHoliday(t.db, { storeId: b.id, name: 'Sabbatical', startsOn: '2031-01-01', endsOn: '2032-01-01' })).toMatch(/^hol_/);
    expect(await refusal(addStoreHoliday(t.db, { storeId: b.id, name: 'Too long', startsOn: '2031-01-01', endsOn: '2032-01-02' }))).toMatchObject({ message: BOOKING_MESSAGES.holidayTooLong(366) });
    expect(await refusal(addStoreHoliday(t.db, { storeId: b.id, name: 'Backwards', startsOn: '2030-01-02', endsOn: '2030-01-01' }))).toMatchObject({ message: BOOKING_MESSAGES.holidayOrder });
    expect(await refusal(addStoreHoliday(t.db, { storeId: b.id, name: '  ', startsOn: '2030-01-02', endsOn: '2030-01-02' }))).toMatchObject({ message: BOOKING_MESSAGES.holidayName(100) });
    expect(await refusal(addStoreHoliday(t.db, { storeId: b.id, name: 'x'.repeat(101), startsOn: '2030-01-02', endsOn: '2030-01-02' }))).toMatchObject({ message: BOOKING_MESSAGES.holidayName(100) });
    expect(await addStoreHoliday(t.db, { storeId: b.id, name: 'x'.repeat(100), startsOn: '2030-01-02', endsOn: '2030-01-02' })).toMatch(/^hol_/);
  });
});
