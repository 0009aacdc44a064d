import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { localDate, localTime, nextDate, wallTime, weekdayOf } from './wall-clock.ts';

const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Kathmandu', 'America/St_Johns', 'Australia/Lord_Howe', 'UTC', 'Pacific/Chatham'];

describe('reading instants in a zone (cached Intl formatters)', () => {
  it('agrees with Luxon every 15 minutes across both of 2026’s clock changes, in zones with odd offsets', () => {
    const windows = [Date.UTC(2026, 2, 27), Date.UTC(2026, 9, 23), Date.UTC(2026, 3, 3)];
    for (const zone of ZONES) {
      for (const start of windows) {
        for (let ms = start; ms < start + 4 * 86_400_000; ms += 15 * 60_000) {
          const instant = new Date(ms);
          const luxon = DateTime.fromJSDate(instant, { zone });
          // Twice: the second answer comes from the memo.
          for (let round = 0; round < 2; round += 1) {
            expect(localDate(instant, zone)).toBe(luxon.toISODate());
            expect(localTime(instant, zone)).toEqual({ time: luxon.toFormat('HH:mm'), offset: luxon.toFormat('ZZ') });
          }
        }
      }
    }
  });

  it('names UTC’s offset +00:00 and tells apart the two 02:30s of Berlin’s fall-back night', () => {
    expect(localTime(new Date('2026-06-01T12:00:00Z'), 'UTC')).toEqual({ time: '12:00', offset: '+00:00' });
    expect(localTime(new Date('2026-10-25T00:30:00Z'), 'Europe/Berlin')).toEqual({ time: '02:30', offset: '+02:00' });
    expect(localTime(new Date('2026-10-25T01:30:00Z'), 'Europe/Berlin')).toEqual({ time: '02:30', offset: '+01:00' });
  });

  it('turns wall-clock times into instants the same way twice (the memo), skipping the spring-forward gap', () => {
    for (let round = 0; round < 2; round += 1) {
      expect(wallTime('2026-03-29', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T01:30:00.000Z');
      expect(wallTime('2026-10-25', '02:30', 'Europe/Berlin').toISOString()).toBe('2026-10-25T00:30:00.000Z');
      expect(wallTime('2026-12-31', '24:00', 'Asia/Kathmandu').toISOString()).toBe('2026-12-31T18:15:00.000Z');
    }
  });

  it('steps calendar days and names weekdays without a zone, across month, year and leap days', () => {
    expect(nextDate('2028-02-28')).toBe('2028-02-29');
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
    expect(weekdayOf('2026-11-29')).toBe('sun');
    expect(weekdayOf('2026-11-30')).toBe('mon');
    expect(() => weekdayOf('2026-13-40')).toThrow('not a date');
  });
});
