import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import { assertDate, assertOpenHours, assertWeeklyHours, MAX_PERIODS_PER_DAY } from './open-hours.ts';

const refusedWith = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  return null;
};

describe('open hours', () => {
  it('sorts valid periods, allows touching ones and 24:00 as the end of the day', () => {
    expect(assertOpenHours([{ start: '13:00', end: '24:00' }, { start: '09:00', end: '13:00' }])).toEqual([{ start: '09:00', end: '13:00' }, { start: '13:00', end: '24:00' }]);
  });

  it('refuses a period ending at or before its start, a bad time, or 24:00 as a start', () => {
    for (const period of [{ start: '10:00', end: '10:00' }, { start: '10:00', end: '09:59' }, { start: '9:00', end: '10:00' }, { start: '10:00', end: '24:01' }, { start: '24:00', end: '24:00' }, { start: '10:60', end: '11:00' }]) {
      expect(refusedWith(() => assertOpenHours([period]))).toBe(BOOKING_MESSAGES.periodOrder);
    }
    expect(refusedWith(() => assertOpenHours([{ start: '10:00', end: '10:01' }]))).toBeNull();
  });

  it('refuses overlapping periods by a minute, not touching ones', () => {
    expect(refusedWith(() => assertOpenHours([{ start: '09:00', end: '12:01' }, { start: '12:00', end: '13:00' }]))).toBe(BOOKING_MESSAGES.periodsOverlap);
    expect(refusedWith(() => assertOpenHours([{ start: '09:00', end: '12:00' }, { start: '12:00', end: '13:00' }]))).toBeNull();
  });

  it('allows 12 periods a day, not 13', () => {
    const periods = (count: number) => Array.from({ length: count }, (_, hour) => ({ start: `${String(hour).padStart(2, '0')}:00`, end: `${String(hour).padStart(2, '0')}:30` }));
    expect(assertOpenHours(periods(MAX_PERIODS_PER_DAY))).toHaveLength(12);
    expect(refusedWith(() => assertOpenHours(periods(MAX_PERIODS_PER_DAY + 1)))).toBe(BOOKING_MESSAGES.tooManyPeriods(12));
  });

  it('fills missing weekdays as closed', () => {
    expect(assertWeeklyHours({ mon: [{ start: '09:00', end: '12:00' }] })).toEqual({ mon: [{ start: '09:00', end: '12:00' }], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] });
  });

  it('takes real dates only', () => {
    expect(assertDate('2028-02-29')).toBe('2028-02-29');
    for (const date of ['2026-02-29', '2026-13-01', '2026-1-01', '01.03.2026']) expect(refusedWith(() => assertDate(date))).toBe(BOOKING_MESSAGES.invalidDate);
  });
});
