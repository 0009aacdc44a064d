import { formatMoney } from '@shopfront/core';

const counts = new Intl.NumberFormat('en-US');

export const formatCount = (value: number) => counts.format(value);

/** A 0–1 fraction as a percentage: 0.0342 → "3.4%". */
export function formatRate(fraction: number): string {
  return `${(fraction * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
}

export const formatRevenue = (cents: number, currency: string) => formatMoney(cents, currency);

export interface Change {
  direction: 'up' | 'down' | 'flat';
  /** "+12%", "−8%", "+1.2 pts", "Up from 0", "No change". */
  text: string;
}

/** The change from the previous period as people read it; a rate changes in percentage points. */
export function describeChange(current: number, previous: number, kind: 'count' | 'rate' = 'count'): Change {
  if (kind === 'rate') {
    const points = Math.round((current - previous) * 1000) / 10;
    if (points === 0) return { direction: 'flat', text: 'No change' };
    return { direction: points > 0 ? 'up' : 'down', text: `${points > 0 ? '+' : '−'}${Math.abs(points).toLocaleString('en-US')} pts` };
  }
  if (current === previous) return { direction: 'flat', text: 'No change' };
  if (previous === 0) return { direction: 'up', text: 'Up from 0' };
  const percent = Math.round(((current - previous) / previous) * 100);
  if (percent === 0) return { direction: current > previous ? 'up' : 'down', text: current > previous ? '+<1%' : '−<1%' };
  return { direction: percent > 0 ? 'up' : 'down', text: `${percent > 0 ? '+' : '−'}${formatCount(Math.abs(percent))}%` };
}

/** '' is a visit with no referrer or UTM value. */
export const sourceLabel = (value: string) => value || '(direct / none)';

export const unknownLabel = (value: string) => value || 'Unknown';

let regionNames: Intl.DisplayNames | null | undefined;

/** "FR" → "France"; '' → "Unknown"; a code the runtime does not know stays as it is. */
export function countryName(code: string): string {
  if (!code) return 'Unknown';
  if (regionNames === undefined) {
    try {
      regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
    } catch {
      regionNames = null;
    }
  }
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** "mobile" → "Mobile"; '' → "Unknown". */
export const deviceLabel = (value: string) => (value ? value.charAt(0).toUpperCase() + value.slice(1) : 'Unknown');

const UTC = 'UTC';

/** A time-series bucket for the axis: an hour in the store's zone, a day, or a month. */
export function bucketLabel(bucket: string, granularity: 'hour' | 'day' | 'month', timeZone: string): string {
  if (granularity === 'hour') {
    const date = new Date(bucket);
    return Number.isNaN(date.getTime()) ? bucket : new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric' }).format(date);
  }
  if (granularity === 'month') {
    const date = new Date(`${bucket}-01T00:00:00Z`);
    return Number.isNaN(date.getTime()) ? bucket : new Intl.DateTimeFormat('en-US', { timeZone: UTC, month: 'short', year: 'numeric' }).format(date);
  }
  return formatDay(bucket);
}

/** "2026-11-22" → "Nov 22, 2026". */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? day : new Intl.DateTimeFormat('en-US', { timeZone: UTC, month: 'short', day: 'numeric', year: 'numeric' }).format(date);
}

/** "Nov 1 – Nov 30, 2026" (one day: "Nov 22, 2026"). */
export function formatRange(range: { from: string; to: string }): string {
  return range.from === range.to ? formatDay(range.from) : `${formatDay(range.from)} – ${formatDay(range.to)}`;
}
