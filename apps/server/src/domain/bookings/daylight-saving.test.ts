import { describe, expect, it } from 'vitest';
import type { OpenHours } from '#src/db/schema/index.ts';
import { availableSlots, type AvailabilityRules, type Slot } from './available-slots.ts';
import { iso, slotSettings, weekdayHours } from './booking-fixtures.ts';
import { slotsInZone } from './slots-in-zone.ts';
import { localTime } from './wall-clock.ts';

const HALF_HOUR = 30 * 60_000;
const EARLY = new Date('2026-01-01T00:00:00Z');
const halfHourCalls = slotSettings({ bufferAfterMinutes: 0 });

/** The calls of one date whose hours are overridden, in a creator's zone. */
function callsOn(zone: string, date: string, hours: OpenHours): Slot[] {
  const availability: AvailabilityRules = { timeZone: zone, weeklyHours: weekdayHours(), overrides: [{ date, hours: [hours] }], holidays: [] };
  const day = new Date(`${date}T12:00:00Z`).getTime();
  return availableSlots(halfHourCalls, availability, [], new Date(day - 2 * 86_400_000), new Date(day + 2 * 86_400_000), EARLY);
}

function expectBackToBack(slots: Slot[]) {
  for (let index = 1; index < slots.length; index++) expect(slots[index]!.startsAt.getTime() - slots[index - 1]!.startsAt.getTime()).toBe(HALF_HOUR);
  expect(new Set(iso(slots)).size).toBe(slots.length);
}

const labels = (slots: Slot[], zone: string) => slots.map((slot) => Object.values(localTime(slot.startsAt, zone)).join(' '));

describe('a night the clocks change in the creator’s zone', () => {
  it('Europe/Berlin 2026-03-29: 00:00–06:00 holds five real hours, no call at the skipped 02:xx', () => {
    const slots = callsOn('Europe/Berlin', '2026-03-29', { start: '00:00', end: '06:00' });
    expect(slots).toHaveLength(10);
    expectBackToBack(slots);
    expect(iso(slots)[0]).toBe('2026-03-28T23:00:00.000Z');
    expect(labels(slots, 'Europe/Berlin').map((label) => label.slice(0, 5))).toEqual(['00:00', '00:30', '01:00', '01:30', '03:00', '03:30', '04:00', '04:30', '05:00', '05:30']);
  });

  it('Europe/Berlin 2026-10-25: 00:00–06:00 holds seven real hours, 02:00 and 02:30 twice with two offsets', () => {
    const slots = callsOn('Europe/Berlin', '2026-10-25', { start: '00:00', end: '06:00' });
    expect(slots).toHaveLength(14);
    expectBackToBack(slots);
    expect(labels(slots, 'Europe/Berlin').slice(3, 8)).toEqual(['01:30 +02:00', '02:00 +02:00', '02:30 +02:00', '02:00 +01:00', '02:30 +01:00']);
  });

  it('America/New_York 2026-03-08: 00:00–06:00 holds five real hours', () => {
    const slots = callsOn('America/New_York', '2026-03-08', { start: '00:00', end: '06:00' });
    expect(slots).toHaveLength(10);
    expectBackToBack(slots);
    expect([iso(slots)[0], iso(slots).at(-1)]).toEqual(['2026-03-08T05:00:00.000Z', '2026-03-08T09:30:00.000Z']);
    expect(labels(slots, 'America/New_York').some((label) => label.startsWith('02:'))).toBe(false);
  });

  it('America/New_York 2026-11-01: 00:00–06:00 holds seven real hours', () => {
    const slots = callsOn('America/New_York', '2026-11-01', { start: '00:00', end: '06:00' });
    expect(slots).toHaveLength(14);
    expectBackToBack(slots);
    expect([iso(slots)[0], iso(slots).at(-1)]).toEqual(['2026-11-01T04:00:00.000Z', '2026-11-01T10:30:00.000Z']);
    expect(labels(slots, 'America/New_York').filter((label) => label.startsWith('01:'))).toEqual(['01:00 -04:00', '01:30 -04:00', '01:00 -05:00', '01:30 -05:00']);
  });

  it('hours opening at a skipped time open when the clocks land (03:30), and at a repeated time on its first occurrence', () => {
    expect(iso(callsOn('Europe/Berlin', '2026-03-29', { start: '02:30', end: '05:00' }))).toEqual(['2026-03-29T01:30:00.000Z', '2026-03-29T02:00:00.000Z', '2026-03-29T02:30:00.000Z']);
    const fallBack = callsOn('Europe/Berlin', '2026-10-25', { start: '02:30', end: '04:00' });
    expect(iso(fallBack)[0]).toBe('2026-10-25T00:30:00.000Z');
    expect(fallBack).toHaveLength(5);
  });

  it('counts the daily maximum on the 25-hour day by Berlin’s date', () => {
    const availability: AvailabilityRules = { timeZone: 'Europe/Berlin', weeklyHours: weekdayHours(), overrides: [{ date: '2026-10-25', hours: [{ start: '00:00', end: '24:00' }] }], holidays: [] };
    // 23:30 on the 25th in Berlin (CET) is 22:30 UTC: still the 25th there.
    const busy = [{ from: new Date('2026-10-25T22:30:00Z'), until: new Date('2026-10-25T23:00:00Z'), booking: { productId: 'prd_a', startsAt: new Date('2026-10-25T22:30:00Z') } }];
    const all = availableSlots({ ...halfHourCalls, dailyMax: 100 }, availability, busy, new Date('2026-10-24T00:00:00Z'), new Date('2026-10-27T00:00:00Z'), EARLY);
    expect(all).toHaveLength(49);
    expect(availableSlots({ ...halfHourCalls, dailyMax: 1 }, availability, busy, new Date('2026-10-24T00:00:00Z'), new Date('2026-10-27T00:00:00Z'), EARLY)).toEqual([]);
  });
});

describe('a night the clocks change in the buyer’s zone', () => {
  const shown = (slots: Slot[], zone: string) => slotsInZone(slots, zone).map((day) => ({ date: day.date, times: day.slots.map((slot) => `${slot.time} ${slot.offset}`) }));

  it('a Berlin creator’s calls on New York’s spring night: 01:30 is followed by 03:00, nothing lost', () => {
    const slots = callsOn('Europe/Berlin', '2026-03-08', { start: '06:00', end: '10:00' });
    expect(shown(slots, 'America/New_York')).toEqual([
      { date: '2026-03-08', times: ['00:00 -05:00', '00:30 -05:00', '01:00 -05:00', '01:30 -05:00', '03:00 -04:00', '03:30 -04:00', '04:00 -04:00', '04:30 -04:00'] },
    ]);
    expectBackToBack(slots);
  });

  it('a Berlin creator’s calls on New York’s fall night: 01:00 and 01:30 shown twice, told apart by offset', () => {
    const slots = callsOn('Europe/Berlin', '2026-11-01', { start: '05:00', end: '09:00' });
    expect(shown(slots, 'America/New_York')).toEqual([
      { date: '2026-11-01', times: ['00:00 -04:00', '00:30 -04:00', '01:00 -04:00', '01:30 -04:00', '01:00 -05:00', '01:30 -05:00', '02:00 -05:00', '02:30 -05:00'] },
    ]);
    expectBackToBack(slots);
  });

  it('a New York creator’s calls on Berlin’s spring night, shown in Berlin', () => {
    const slots = callsOn('America/New_York', '2026-03-28', { start: '19:00', end: '23:00' });
    expect(shown(slots, 'Europe/Berlin')).toEqual([
      { date: '2026-03-29', times: ['00:00 +01:00', '00:30 +01:00', '01:00 +01:00', '01:30 +01:00', '03:00 +02:00', '03:30 +02:00', '04:00 +02:00', '04:30 +02:00'] },
    ]);
  });

  it('a New York creator’s calls on Berlin’s fall night, shown in Berlin', () => {
    const slots = callsOn('America/New_York', '2026-10-24', { start: '18:00', end: '22:00' });
    expect(shown(slots, 'Europe/Berlin')).toEqual([
      { date: '2026-10-25', times: ['00:00 +02:00', '00:30 +02:00', '01:00 +02:00', '01:30 +02:00', '02:00 +02:00', '02:30 +02:00', '02:00 +01:00', '02:30 +01:00'] },
    ]);
  });
});
