import { describe, expect, it } from 'vitest';
import { waitUntil, waitZone } from './wait-until.ts';

const NY = 'America/New_York';

describe('waitUntil', () => {
  it('adds minutes, hours and days as elapsed time', () => {
    const from = new Date('2030-03-09T12:00:00.000Z');
    expect(waitUntil({ mode: 'duration', amount: 90, unit: 'minutes' }, from, NY).toISOString()).toBe('2030-03-09T13:30:00.000Z');
    expect(waitUntil({ mode: 'duration', amount: 2, unit: 'hours' }, from, NY).toISOString()).toBe('2030-03-09T14:00:00.000Z');
    expect(waitUntil({ mode: 'duration', amount: 1, unit: 'days' }, from, NY).toISOString()).toBe('2030-03-10T12:00:00.000Z');
  });

  it('waits until the next weekday at a wall-clock time, across the spring DST change', () => {
    // Saturday 2030-03-09 09:00 EST (UTC-5); DST starts Sunday 2030-03-10; Monday 09:00 is EDT (UTC-4).
    const saturday = new Date('2030-03-09T14:00:00.000Z');
    const monday = waitUntil({ mode: 'until', weekday: 1, time: '09:00', zone: 'store' }, saturday, NY);
    expect(monday.toISOString()).toBe('2030-03-11T13:00:00.000Z');
    // 24-hour days would have said 14:00 UTC: 10:00 local.
    expect(monday.getTime() - saturday.getTime()).toBe(47 * 60 * 60 * 1000);
  });

  it('across the autumn DST change keeps the local time', () => {
    // Saturday 2030-11-02 09:00 EDT; DST ends Sunday 2030-11-03; Monday 09:00 EST = 14:00 UTC.
    const saturday = new Date('2030-11-02T13:00:00.000Z');
    expect(waitUntil({ mode: 'until', weekday: 1, time: '09:00', zone: 'store' }, saturday, NY).toISOString()).toBe('2030-11-04T14:00:00.000Z');
  });

  it('a wall time inside the spring-forward gap is taken after the jump', () => {
    const saturday = new Date('2030-03-09T14:00:00.000Z');
    // Sunday 02:30 does not exist in New York on 2030-03-10: 03:30 EDT = 07:30 UTC.
    expect(waitUntil({ mode: 'until', weekday: 0, time: '02:30', zone: 'store' }, saturday, NY).toISOString()).toBe('2030-03-10T07:30:00.000Z');
  });

  it('the same weekday: later today, or a week later once the time has passed', () => {
    const mondayMorning = new Date('2030-03-11T12:00:00.000Z'); // 08:00 EDT
    expect(waitUntil({ mode: 'until', weekday: 1, time: '09:00', zone: 'store' }, mondayMorning, NY).toISOString()).toBe('2030-03-11T13:00:00.000Z');
    const mondayNoon = new Date('2030-03-11T16:00:00.000Z');
    expect(waitUntil({ mode: 'until', weekday: 1, time: '09:00', zone: 'store' }, mondayNoon, NY).toISOString()).toBe('2030-03-18T13:00:00.000Z');
  });
});

describe('waitZone', () => {
  const contact = { mode: 'until', weekday: 1, time: '09:00', zone: 'contact' } as const;
  it("reads the contact's zone when known, else the store's; a store wait always the store's", () => {
    const saturday = new Date('2030-11-02T12:00:00.000Z');
    expect(waitUntil(contact, saturday, waitZone(contact, { contact: 'Asia/Tokyo', store: 'Europe/Berlin' })).toISOString()).toBe('2030-11-04T00:00:00.000Z');
    expect(waitUntil(contact, saturday, waitZone(contact, { contact: null, store: 'Europe/Berlin' })).toISOString()).toBe('2030-11-04T08:00:00.000Z');
    const store = { ...contact, zone: 'store' } as const;
    expect(waitUntil(store, saturday, waitZone(store, { contact: 'Asia/Tokyo', store: 'Europe/Berlin' })).toISOString()).toBe('2030-11-04T08:00:00.000Z');
  });
});
