import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { availabilityOverrides, bookings, calendarBusyTimes, calendarSources, storeHolidays } from '#src/db/schema/index.ts';
import { seedAvailability, seedCallProduct } from '#src/testing/bookings.ts';
import { seedStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { findOpenSlots } from './find-open-slots.ts';
import { readSlotInputs } from './slot-inputs.ts';

const NOW = new Date('2030-06-03T06:00:00.000Z');
/** Tuesday 2030-06-04 and Wednesday 2030-06-05 in Berlin: calls at 09:00, 09:45, 10:30 and 11:15 each morning. */
const TWO_DAYS = { from: new Date('2030-06-04T00:00:00.000Z'), to: new Date('2030-06-06T00:00:00.000Z') };
const at = (iso: string) => new Date(iso);

describe('the slot query reads one store only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function callStore() {
    const store = await seedStore(t);
    const callId = await seedCallProduct(t, store.id);
    await seedAvailability(t, store.id);
    const times = async () =>
      (await findOpenSlots(t.db, { storeId: store.id, productId: callId, ...TWO_DAYS, buyerTimeZone: 'Europe/Berlin', now: NOW })).map((day) => `${day.date} ${day.slots.map((slot) => slot.time).join(' ')}`);
    return { storeId: store.id, callId, times };
  }

  /** Store A: a confirmed call at 09:00 and a live hold at 09:45 on Tuesday, a calendar meeting at 10:30, Wednesday a day off and Thursday a holiday. */
  async function busyStore() {
    const a = await callStore();
    const booking = (startsAt: string, status: 'confirmed' | 'held') => {
      const start = at(startsAt);
      const end = new Date(start.getTime() + 30 * 60_000);
      return {
        id: newId('bkg'),
        storeId: a.storeId,
        productId: a.callId,
        buyerEmail: 'buyer@example.com',
        buyerTimeZone: 'Europe/Berlin',
        startsAt: start,
        endsAt: end,
        blockedFrom: start,
        blockedUntil: new Date(end.getTime() + 15 * 60_000),
        status,
        holdExpiresAt: status === 'held' ? new Date(NOW.getTime() + 30 * 60_000) : null,
      };
    };
    await t.db.insert(bookings).values([booking('2030-06-04T07:00:00.000Z', 'confirmed'), booking('2030-06-04T07:45:00.000Z', 'held')]);
    const sourceId = newId('cal');
    await t.db.insert(calendarSources).values({ id: sourceId, storeId: a.storeId, url: 'https://calendar.example.com/a.ics' });
    await t.db.insert(calendarBusyTimes).values({ sourceId, storeId: a.storeId, startsAt: at('2030-06-04T08:30:00.000Z'), endsAt: at('2030-06-04T09:00:00.000Z') });
    await t.db.insert(availabilityOverrides).values({ storeId: a.storeId, date: '2030-06-05', hours: [] });
    await t.db.insert(storeHolidays).values({ id: newId('hol'), storeId: a.storeId, name: 'Away', startsOn: '2030-06-06', endsOn: '2030-06-06' });
    return a;
  }

  it('store A’s bookings, holds, calendar busy times, overrides and holidays hide A’s times and never B’s', async () => {
    const a = await busyStore();
    const b = await callStore();
    expect(await a.times()).toEqual(['2030-06-04 11:15']);
    expect(await b.times()).toEqual(['2030-06-04 09:00 09:45 10:30 11:15', '2030-06-05 09:00 09:45 10:30 11:15']);

    const read = await readSlotInputs(t.db, { storeId: b.storeId, productId: b.callId, ...TWO_DAYS, now: NOW });
    expect(read).toMatchObject({ busy: [], availability: { overrides: [], holidays: [] } });
    const readA = await readSlotInputs(t.db, { storeId: a.storeId, productId: a.callId, ...TWO_DAYS, now: NOW });
    expect(readA?.busy).toHaveLength(3);
    expect(readA?.availability).toMatchObject({ overrides: [{ date: '2030-06-05', hours: [] }], holidays: [{ startsOn: '2030-06-06', endsOn: '2030-06-06' }] });
  });

  it('another store’s product, or a booking of another store as the one being moved, reads as none', async () => {
    const a = await busyStore();
    const b = await callStore();
    expect(await readSlotInputs(t.db, { storeId: b.storeId, productId: a.callId, ...TWO_DAYS, now: NOW })).toBeNull();
    const [aBooking] = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.storeId, a.storeId));
    const read = await readSlotInputs(t.db, { storeId: b.storeId, productId: b.callId, ...TWO_DAYS, now: NOW, except: aBooking?.id });
    expect(read?.exceptIsOwn).toBe(false);
    const own = await readSlotInputs(t.db, { storeId: a.storeId, productId: a.callId, ...TWO_DAYS, now: NOW, except: aBooking?.id });
    expect(own?.exceptIsOwn).toBe(true);
    expect(own?.busy).toHaveLength(2);
  });
});

