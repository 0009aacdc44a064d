// Exports the dashboard periods in the store's time zone (resolveAnalyticsPeriod, customRange, hoursOf,
// bucketOfDay, AnalyticsWindow): one module because the periods, their buckets and the checks agree.
import { ANALYTICS_LIMITS, ANALYTICS_MESSAGES, AppError, type AnalyticsPeriod } from '@shopfront/core';
import { addDays, addMonths, dayCount, isCalendarDay, localDayOf, localMidnight } from './local-time.ts';

const HOUR_MS = 3_600_000;
/** Custom periods longer than this are charted by month (a quarter still reads well by day). */
export const MONTHLY_AFTER_DAYS = 92;

export type AnalyticsGranularity = 'hour' | 'day' | 'month';

/** Store-local days, both included. */
export interface DayRange {
  from: string;
  to: string;
}

/**
 * What a dashboard period covers, in the store's time zone: the days, the chart's bucket labels
 * (ISO UTC hours, days or `YYYY-MM` months), and the same for the previous period — as many days,
 * ending the day before `range.from`.
 */
export interface AnalyticsWindow {
  granularity: AnalyticsGranularity;
  range: DayRange;
  previousRange: DayRange;
  buckets: string[];
  previousBuckets: string[];
}

export interface PeriodRequest {
  period: AnalyticsPeriod;
  from?: string | undefined;
  to?: string | undefined;
}

/** The days of a period ending `today` (custom: as given, checked). */
function periodRange(request: PeriodRequest, today: string): DayRange {
  switch (request.period) {
    case 'today':
      return { from: today, to: today };
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
    case '12m':
      return { from: `${addMonths(today, -11)}-01`, to: today };
    case 'custom':
      return customRange(request);
  }
}

/** A custom period: both days, real dates, from ≤ to, at most `customMaxDays` days (400 included). */
export function customRange(request: Pick<PeriodRequest, 'from' | 'to'>): DayRange {
  const { from, to } = request;
  if (!from || !to) throw new AppError('invalid-argument', ANALYTICS_MESSAGES.customRangeRequired);
  if (!isCalendarDay(from) || !isCalendarDay(to)) throw new AppError('invalid-argument', ANALYTICS_MESSAGES.invalidDay);
  if (from > to) throw new AppError('invalid-argument', ANALYTICS_MESSAGES.rangeOrder);
  if (dayCount(from, to) > ANALYTICS_LIMITS.customMaxDays) throw new AppError('invalid-argument', ANALYTICS_MESSAGES.rangeTooLong);
  return { from, to };
}

/** The UTC hours that overlap the store-local days of `range` (a :30 zone's day touches 25). */
export function hoursOf(range: DayRange, timeZone: string): { start: Date; end: Date; buckets: string[] } {
  const start = localMidnight(range.from, timeZone);
  const end = localMidnight(addDays(range.to, 1), timeZone);
  const buckets: string[] = [];
  for (let hour = Math.floor(start.getTime() / HOUR_MS) * HOUR_MS; hour < end.getTime(); hour += HOUR_MS) buckets.push(new Date(hour).toISOString());
  return { start, end, buckets };
}

function daysOf(range: DayRange): string[] {
  return Array.from({ length: dayCount(range.from, range.to) }, (_, i) => addDays(range.from, i));
}

function monthsOf(range: DayRange): string[] {
  const months: string[] = [];
  for (let month = range.from.slice(0, 7); month <= range.to.slice(0, 7); month = addMonths(`${month}-01`, 1)) months.push(month);
  return months;
}

function bucketsOf(range: DayRange, granularity: AnalyticsGranularity, timeZone: string): string[] {
  if (granularity === 'hour') return hoursOf(range, timeZone).buckets;
  return granularity === 'day' ? daysOf(range) : monthsOf(range);
}

/**
 * Resolves a dashboard period at `now` in `timeZone`: today by hour, 7 and 30 days by day, 12
 * months (the 11 before this one and this month so far) by month, custom by day up to 92 days
 * and by month beyond. Bad custom ranges throw `invalid-argument` with the catalogue's message.
 */
export function resolveAnalyticsPeriod(request: PeriodRequest, options: { now: Date; timeZone: string }): AnalyticsWindow {
  const today = localDayOf(options.now, options.timeZone);
  const range = periodRange(request, today);
  const days = dayCount(range.from, range.to);
  const granularity: AnalyticsGranularity =
    request.period === 'today' ? 'hour' : request.period === '12m' || days > MONTHLY_AFTER_DAYS ? 'month' : 'day';
  const previousRange = { from: addDays(range.from, -days), to: addDays(range.from, -1) };
  return {
    granularity,
    range,
    previousRange,
    buckets: bucketsOf(range, granularity, options.timeZone),
    previousBuckets: bucketsOf(previousRange, granularity, options.timeZone),
  };
}

/** The day or month bucket a store-local day falls in (hour buckets are UTC instants instead). */
export function bucketOfDay(day: string, granularity: Exclude<AnalyticsGranularity, 'hour'>): string {
  return granularity === 'day' ? day : day.slice(0, 7);
}
