import { ORDER_STATUSES, type OrderStatus } from '@shopfront/core';

/** The sales page's filters, kept in the URL query (`?from=2026-11-01&to=2026-11-22&status=paid`). */
export interface SalesFilters {
  from: string;
  to: string;
  status: OrderStatus | '';
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function readSalesFilters(params: URLSearchParams): SalesFilters {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const status = params.get('status') ?? '';
  return {
    from: DATE.test(from) ? from : '',
    to: DATE.test(to) ? to : '',
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : '',
  };
}

/** The query string for the filters (empty ones left out), shared by the page URL and the CSV link. */
export function salesFilterQuery(filters: SalesFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  if (filters.status) params.set('status', filters.status);
  return params;
}

/** Both dates set and the start after the end (the server refuses it too). */
export function isReversedRange(filters: SalesFilters): boolean {
  return Boolean(filters.from && filters.to && filters.from > filters.to);
}

export const QUICK_RANGES = [
  { key: '7d', label: 'Last 7 days', days: 7 },
  { key: '30d', label: 'Last 30 days', days: 30 },
  { key: 'all', label: 'All time', days: null },
] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The calendar day it is at `now` in `timeZone`, as YYYY-MM-DD. */
export function dayIn(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/**
 * Days are the store's calendar days, as the server reads them (the store's time zone); "last 7
 * days" is today there and the 6 before.
 */
export function quickRangeDates(range: QuickRange, now: Date, timeZone = 'UTC'): { from: string; to: string } {
  if (range.days === null) return { from: '', to: '' };
  const today = new Date(`${dayIn(now, timeZone)}T00:00:00Z`);
  return { from: isoDay(new Date(today.getTime() - (range.days - 1) * DAY_MS)), to: isoDay(today) };
}

export function activeQuickRange(filters: SalesFilters, today: Date, timeZone = 'UTC'): QuickRange['key'] | null {
  return QUICK_RANGES.find((range) => {
    const dates = quickRangeDates(range, today, timeZone);
    return dates.from === filters.from && dates.to === filters.to;
  })?.key ?? null;
}
