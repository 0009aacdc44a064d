import { ANALYTICS_LIMITS, ANALYTICS_MESSAGES, ANALYTICS_PERIODS, type AnalyticsPeriod } from '@shopfront/core';

/** The period the page shows, kept in the URL (`?period=7d`, `?period=custom&from=…&to=…`). */
export interface PeriodChoice {
  period: AnalyticsPeriod;
  /** Store-local days (YYYY-MM-DD), only for `custom`; '' when missing. */
  from: string;
  to: string;
}

export const DEFAULT_PERIOD: AnalyticsPeriod = '30d';

export const PERIOD_OPTIONS: ReadonlyArray<{ period: AnalyticsPeriod; label: string }> = [
  { period: 'today', label: 'Today' },
  { period: '7d', label: '7 days' },
  { period: '30d', label: '30 days' },
  { period: '12m', label: '12 months' },
  { period: 'custom', label: 'Custom' },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

export function readPeriod(params: URLSearchParams): PeriodChoice {
  const raw = params.get('period') ?? '';
  const period = (ANALYTICS_PERIODS as readonly string[]).includes(raw) ? (raw as AnalyticsPeriod) : DEFAULT_PERIOD;
  if (period !== 'custom') return { period, from: '', to: '' };
  return { period, from: params.get('from') ?? '', to: params.get('to') ?? '' };
}

/** The query string for a period; the default (30 days) leaves the URL clean. */
export function periodQuery(choice: PeriodChoice): URLSearchParams {
  const params = new URLSearchParams();
  if (choice.period === DEFAULT_PERIOD) return params;
  params.set('period', choice.period);
  if (choice.period === 'custom') {
    if (choice.from) params.set('from', choice.from);
    if (choice.to) params.set('to', choice.to);
  }
  return params;
}

/** Whole calendar days from `from` to `to`, both included (0 when either is not a real day). */
export function daysInRange(from: string, to: string): number {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return 0;
  return Math.round((end - start) / DAY_MS) + 1;
}

const isRealDay = (day: string) => DAY.test(day) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

/** The first problem with a custom range, worded as the server words it; null when it is fine. */
export function customRangeError(from: string, to: string): string | null {
  if (!from.trim() || !to.trim()) return ANALYTICS_MESSAGES.customRangeRequired;
  if (!isRealDay(from.trim()) || !isRealDay(to.trim())) return ANALYTICS_MESSAGES.invalidDay;
  const outside = (day: string) => day < ANALYTICS_LIMITS.dayMin || day > ANALYTICS_LIMITS.dayMax;
  if (outside(from.trim()) || outside(to.trim())) return ANALYTICS_MESSAGES.dayOutOfRange;
  if (from > to) return ANALYTICS_MESSAGES.rangeOrder;
  if (daysInRange(from, to) > ANALYTICS_LIMITS.customMaxDays) return ANALYTICS_MESSAGES.rangeTooLong;
  return null;
}

/** The input of the analytics functions for a period; null while a custom range is not valid. */
export function periodInput(storeId: string, choice: PeriodChoice) {
  if (choice.period !== 'custom') return { storeId, period: choice.period };
  if (customRangeError(choice.from, choice.to)) return null;
  return { storeId, period: choice.period, from: choice.from, to: choice.to };
}

/** "vs yesterday", "vs previous 30 days", "vs previous 12 months", "vs previous 9 days". */
export function comparisonLabel(choice: PeriodChoice, range: { from: string; to: string }): string {
  if (choice.period === 'today') return 'vs yesterday';
  if (choice.period === '7d') return 'vs previous 7 days';
  if (choice.period === '30d') return 'vs previous 30 days';
  if (choice.period === '12m') return 'vs previous 12 months';
  const days = daysInRange(range.from, range.to);
  return days === 1 ? 'vs previous day' : `vs previous ${days} days`;
}
