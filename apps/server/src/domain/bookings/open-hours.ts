// Exports assertOpenHours, assertWeeklyHours and assertDate: what availability may be saved as.
import { AppError } from '@shopfront/core';
import { DateTime } from 'luxon';
import { WEEKDAYS, type OpenHours, type WeeklyHours } from '#src/db/schema/index.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import { isWallTime } from './wall-clock.ts';

export const MAX_PERIODS_PER_DAY = 12;

/** One day's periods: `HH:mm` starts before their ends (`24:00` at most), in order, not overlapping (touching is fine). */
export function assertOpenHours(hours: OpenHours[]): OpenHours[] {
  if (hours.length > MAX_PERIODS_PER_DAY) throw new AppError('invalid-argument', BOOKING_MESSAGES.tooManyPeriods(MAX_PERIODS_PER_DAY));
  const sorted = hours.map(({ start, end }) => ({ start, end })).sort((a, b) => a.start.localeCompare(b.start));
  for (const [index, period] of sorted.entries()) {
    if (!isWallTime(period.start) || !isWallTime(period.end) || period.start === '24:00' || period.start >= period.end) {
      throw new AppError('invalid-argument', BOOKING_MESSAGES.periodOrder);
    }
    const previous = sorted[index - 1];
    if (previous && previous.end > period.start) throw new AppError('invalid-argument', BOOKING_MESSAGES.periodsOverlap);
  }
  return sorted;
}

/** Every weekday present, each day's periods valid. */
export function assertWeeklyHours(weekly: Partial<WeeklyHours>): WeeklyHours {
  const checked = {} as WeeklyHours;
  for (const day of WEEKDAYS) checked[day] = assertOpenHours(weekly[day] ?? []);
  return checked;
}

/** A real calendar date written `YYYY-MM-DD`. */
export function assertDate(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !DateTime.fromISO(value, { zone: 'UTC' }).isValid) throw new AppError('invalid-argument', BOOKING_MESSAGES.invalidDate);
  return value;
}
