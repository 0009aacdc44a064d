import { describe, expect, it } from 'vitest';
import { availableSlots, type BusyTime } from './available-slots.ts';
import { berlinMornings, iso, slotSettings } from './booking-fixtures.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const at = (value: string) => new Date(value);
// Monday 2026-03-23 (Berlin on CET, UTC+1) to Monday 2026-03-30 (CEST, UTC+2).
const WEEK = { from: at('2026-03-23T00:00:00Z'), to: at('2026-03-31T00:00:00Z') };
const EARLY = at('2026-03-01T00:00:00Z');
const monday = (busy: BusyTime[] = [], settings = slotSettings(), now = EARLY) =>
  iso(availableSlots(settings, berlinMornings(), busy, at('2026-03-23T00:00:00Z'), at('2026-03-24T00:00:00Z'), now));
const booked = (from: string, until: string, productId = 'prd_b', startsAt = from): BusyTime => ({ from: at(from), until: at(until), booking: { productId, startsAt: at(startsAt) } });

describe('availableSlots', () => {
  it('offers 30-minute calls with a 15-minute buffer from 09:00 to 12:00 Berlin time, on weekdays only', () => {
    const slots = availableSlots(slotSettings(), berlinMornings(), [], WEEK.from, WEEK.to, EARLY);
    expect(iso(slots).filter((s) => s.startsWith('2026-03-23'))).toEqual(['2026-03-23T08:00:00.000Z', '2026-03-23T08:45:00.000Z', '2026-03-23T09:30:00.000Z', '2026-03-23T10:15:00.000Z']);
    // After the spring change the same wall-clock hours are an hour earlier in UTC.
    expect(iso(slots).filter((s) => s.startsWith('2026-03-30'))).toEqual(['2026-03-30T07:00:00.000Z', '2026-03-30T07:45:00.000Z', '2026-03-30T08:30:00.000Z', '2026-03-30T09:15:00.000Z']);
    expect(iso(slots).filter((s) => s.startsWith('2026-03-28') || s.startsWith('2026-03-29'))).toEqual([]);
    expect(slots).toHaveLength(24);
    expect(slots[0]!.endsAt.getTime() - slots[0]!.startsAt.getTime()).toBe(30 * MINUTE);
  });

  it('keeps a call and its buffers clear of busy time, touching edges allowed', () => {
    expect(monday([booked('2026-03-23T09:30:00Z', '2026-03-23T10:00:00Z')])).toEqual(['2026-03-23T08:00:00.000Z', '2026-03-23T08:45:00.000Z', '2026-03-23T10:15:00.000Z']);
    // The 09:45 call blocks until 10:30 with its buffer: a busy time from 10:30 leaves it, one from 10:29 does not.
    expect(monday([{ from: at('2026-03-23T09:30:00Z'), until: at('2026-03-23T10:15:00Z') }])).toContain('2026-03-23T08:45:00.000Z');
    expect(monday([{ from: at('2026-03-23T09:29:00Z'), until: at('2026-03-23T10:15:00Z') }])).not.toContain('2026-03-23T08:45:00.000Z');
    // A buffer before: calls step by 60 minutes and the buffer may reach before the opening hour.
    const buffered = slotSettings({ bufferBeforeMinutes: 15, bufferAfterMinutes: 15 });
    expect(monday([], buffered)).toEqual(['2026-03-23T08:00:00.000Z', '2026-03-23T09:00:00.000Z', '2026-03-23T10:00:00.000Z']);
    expect(monday([{ from: at('2026-03-23T07:30:00Z'), until: at('2026-03-23T07:45:00Z') }], buffered)).toContain('2026-03-23T08:00:00.000Z');
    expect(monday([{ from: at('2026-03-23T07:30:00Z'), until: at('2026-03-23T07:46:00Z') }], buffered)).not.toContain('2026-03-23T08:00:00.000Z');
  });

  it('offers a call exactly at the minimum notice, not a millisecond inside it', () => {
    const notice = slotSettings({ minNoticeMinutes: 60 });
    expect(monday([], notice, at('2026-03-23T07:00:00Z'))[0]).toBe('2026-03-23T08:00:00.000Z');
    expect(monday([], notice, at('2026-03-23T07:00:00.001Z'))[0]).toBe('2026-03-23T08:45:00.000Z');
    expect(monday([], notice, at('2026-03-23T09:45:00.001Z'))).toEqual([]);
  });

  it('offers a call exactly at the end of the booking window, not one later', () => {
    const week = slotSettings({ bookingWindowDays: 7 });
    const now = at('2026-03-16T08:00:00Z');
    expect(monday([], week, now)).toEqual(['2026-03-23T08:00:00.000Z']);
    expect(monday([], week, new Date(now.getTime() - 1))).toEqual([]);
    expect(monday([], week, new Date(now.getTime() + 45 * MINUTE))).toEqual(['2026-03-23T08:00:00.000Z', '2026-03-23T08:45:00.000Z']);
    expect(availableSlots(week, berlinMornings(), [], WEEK.from, WEEK.to, at('2026-03-20T00:00:00Z')).at(-1)?.startsAt.getTime()).toBeLessThanOrEqual(at('2026-03-20T00:00:00Z').getTime() + 7 * DAY);
  });

  it('stops a day at the daily maximum of this product, counted by the creator’s local date', () => {
    const two = slotSettings({ dailyMax: 2 });
    const mine = (from: string, until: string) => booked(from, until, 'prd_a');
    expect(monday([mine('2026-03-23T08:00:00Z', '2026-03-23T08:45:00Z')], two)).toHaveLength(3);
    expect(monday([mine('2026-03-23T08:00:00Z', '2026-03-23T08:45:00Z'), mine('2026-03-23T08:45:00Z', '2026-03-23T09:30:00Z')], two)).toEqual([]);
    // Another product's bookings take their time but not this product's daily count.
    expect(monday([booked('2026-03-23T08:00:00Z', '2026-03-23T08:45:00Z'), booked('2026-03-23T08:45:00Z', '2026-03-23T09:30:00Z')], two)).toHaveLength(2);
    // 23:30 UTC on Monday is 00:30 on Tuesday in Berlin: it counts for Tuesday.
    const late = [mine('2026-03-23T08:00:00Z', '2026-03-23T08:45:00Z'), mine('2026-03-23T23:30:00Z', '2026-03-24T00:15:00Z')];
    expect(monday(late, two)).toHaveLength(3);
  });

  it('uses a date’s override instead of its weekly hours, and closes holidays whatever else says', () => {
    const availability = berlinMornings({
      overrides: [
        { date: '2026-03-25', hours: [] },
        { date: '2026-03-26', hours: [{ start: '10:00', end: '11:00' }] },
        { date: '2026-03-28', hours: [{ start: '14:00', end: '15:00' }] },
      ],
    });
    const slots = iso(availableSlots(slotSettings(), availability, [], WEEK.from, at('2026-03-29T00:00:00Z'), EARLY));
    expect(slots.filter((s) => s.startsWith('2026-03-25'))).toEqual([]);
    expect(slots.filter((s) => s.startsWith('2026-03-26'))).toEqual(['2026-03-26T09:00:00.000Z']);
    expect(slots.filter((s) => s.startsWith('2026-03-28'))).toEqual(['2026-03-28T13:00:00.000Z']);
    const holidays = berlinMornings({ ...availability, holidays: [{ startsOn: '2026-03-24', endsOn: '2026-03-26' }] });
    const days = new Set(iso(availableSlots(slotSettings(), holidays, [], WEEK.from, at('2026-03-29T00:00:00Z'), EARLY)).map((s) => s.slice(0, 10)));
    expect([...days]).toEqual(['2026-03-23', '2026-03-27', '2026-03-28']);
  });

  it('offers only starts within [from, to) and merges overlapping hours without doubles', () => {
    const from = at('2026-03-23T08:45:00Z');
    expect(iso(availableSlots(slotSettings(), berlinMornings(), [], from, at('2026-03-23T10:15:00Z'), EARLY))).toEqual(['2026-03-23T08:45:00.000Z', '2026-03-23T09:30:00.000Z']);
    const overlapping = berlinMornings({ overrides: [{ date: '2026-03-23', hours: [{ start: '09:00', end: '12:00' }, { start: '09:00', end: '10:00' }] }] });
    expect(iso(availableSlots(slotSettings(), overlapping, [], WEEK.from, at('2026-03-24T00:00:00Z'), EARLY))).toHaveLength(4);
  });
});
