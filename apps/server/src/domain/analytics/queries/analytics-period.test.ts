import { ANALYTICS_MESSAGES, type AnalyticsPeriod } from '@shopfront/core';
import { describe, expect, it } from 'vitest';
import { resolveAnalyticsPeriod } from './analytics-period.ts';
import { localDayOf, localMidnight } from './local-time.ts';
import { alignByIndex } from './read-period-series.ts';

const SYDNEY = 'Australia/Sydney';
/** 01:30 on Sunday 22 November in Sydney (AEDT, +11), still the 21st in UTC. */
const NOW = new Date('2026-11-21T14:30:00.000Z');

const resolve = (period: AnalyticsPeriod, extra: { from?: string; to?: string; now?: Date; timeZone?: string } = {}) =>
  resolveAnalyticsPeriod({ period, from: extra.from, to: extra.to }, { now: extra.now ?? NOW, timeZone: extra.timeZone ?? SYDNEY });

const hourAt = (iso: string) => new Date(iso).toISOString();

describe('store-local time', () => {
  it('finds the local day and its first instant, DST included', () => {
    expect(localDayOf(NOW, SYDNEY)).toBe('2026-11-22');
    expect(localDayOf(NOW, 'UTC')).toBe('2026-11-21');
    expect(localMidnight('2026-11-22', SYDNEY).toISOString()).toBe('2026-11-21T13:00:00.000Z');
    expect(localMidnight('2026-10-04', SYDNEY).toISOString()).toBe('2026-10-03T14:00:00.000Z');
    expect(localMidnight('2026-10-05', SYDNEY).toISOString()).toBe('2026-10-04T13:00:00.000Z');
    expect(localMidnight('2026-11-22', 'Asia/Kolkata').toISOString()).toBe('2026-11-21T18:30:00.000Z');
    // Santiago skips midnight when DST starts: the day begins at 01:00 local.
    expect(localMidnight('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });
});

describe('resolveAnalyticsPeriod (Australia/Sydney)', () => {
  it('today: the Sydney day by UTC hour, against yesterday', () => {
    const window = resolve('today');
    expect(window).toMatchObject({ granularity: 'hour', range: { from: '2026-11-22', to: '2026-11-22' }, previousRange: { from: '2026-11-21', to: '2026-11-21' } });
    expect(window.buckets).toHaveLength(24);
    expect(window.buckets[0]).toBe(hourAt('2026-11-21T13:00Z'));
    expect(window.buckets.at(-1)).toBe(hourAt('2026-11-22T12:00Z'));
    expect(window.previousBuckets[0]).toBe(hourAt('2026-11-20T13:00Z'));
    expect(window.previousBuckets).toHaveLength(24);
  });

  it('today on the DST days has 23 and 25 hours; a half-hour zone touches 25 UTC hours', () => {
    const spring = resolve('today', { now: new Date('2026-10-04T05:00:00Z') });
    expect([spring.buckets.length, spring.buckets[0], spring.buckets.at(-1)]).toEqual([23, hourAt('2026-10-03T14:00Z'), hourAt('2026-10-04T12:00Z')]);
    expect(spring.previousBuckets).toHaveLength(24);
    const autumn = resolve('today', { now: new Date('2026-04-05T05:00:00Z') });
    expect([autumn.buckets.length, autumn.buckets[0]]).toEqual([25, hourAt('2026-04-04T13:00Z')]);
    const kolkata = resolve('today', { timeZone: 'Asia/Kolkata' });
    expect([kolkata.range.from, kolkata.buckets.length, kolkata.buckets[0]]).toEqual(['2026-11-21', 25, hourAt('2026-11-20T18:00Z')]);
  });

  it('7 and 30 days end today (Sydney) by day; the previous period is as long and ends the day before', () => {
    const week = resolve('7d');
    expect(week).toMatchObject({ granularity: 'day', range: { from: '2026-11-16', to: '2026-11-22' }, previousRange: { from: '2026-11-09', to: '2026-11-15' } });
    expect(week.buckets).toEqual(['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22']);
    expect(week.previousBuckets[0]).toBe('2026-11-09');
    const month = resolve('30d');
    expect(month).toMatchObject({ range: { from: '2026-10-24', to: '2026-11-22' }, previousRange: { from: '2026-09-24', to: '2026-10-23' } });
    expect([month.buckets.length, month.previousBuckets.length]).toEqual([30, 30]);
  });

  it('12 months: the 11 months before this one and this month so far, by month', () => {
    const year = resolve('12m');
    expect(year).toMatchObject({ granularity: 'month', range: { from: '2025-12-01', to: '2026-11-22' }, previousRange: { from: '2024-12-09', to: '2025-11-30' } });
    expect(year.buckets).toEqual(['2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    expect(year.previousBuckets).toEqual(['2024-12', '2025-01', '2025-02', '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11']);
  });

  it('custom: by day up to 92 days, by month from 93', () => {
    const quarter = resolve('custom', { from: '2026-01-01', to: '2026-04-02' });
    expect([quarter.granularity, quarter.buckets.length, quarter.previousRange]).toEqual(['day', 92, { from: '2025-10-01', to: '2025-12-31' }]);
    const longer = resolve('custom', { from: '2026-01-01', to: '2026-04-03' });
    expect([longer.granularity, longer.buckets]).toEqual(['month', ['2026-01', '2026-02', '2026-03', '2026-04']]);
    expect(longer.previousBuckets).toEqual(['2025-09', '2025-10', '2025-11', '2025-12']);
  });

  it('custom: refuses a missing side, a day that does not exist, from after to, and more than 400 days', () => {
    const refused = (from: string | undefined, to: string | undefined) => () => resolve('custom', { from, to });
    expect(refused('2026-01-01', undefined)).toThrow(ANALYTICS_MESSAGES.customRangeRequired);
    expect(refused(undefined, '2026-01-01')).toThrow(ANALYTICS_MESSAGES.customRangeRequired);
    expect(refused('2026-02-30', '2026-03-01')).toThrow(ANALYTICS_MESSAGES.invalidDay);
    expect(refused('2026-03-02', '2026-03-01')).toThrow(ANALYTICS_MESSAGES.rangeOrder);
    expect(resolve('custom', { from: '2025-01-01', to: '2026-02-04' }).range).toEqual({ from: '2025-01-01', to: '2026-02-04' });
    expect(refused('2025-01-01', '2026-02-05')).toThrow(ANALYTICS_MESSAGES.rangeTooLong);
    expect(resolve('custom', { from: '2026-03-01', to: '2026-03-01' }).buckets).toEqual(['2026-03-01']);
  });
});

describe('alignByIndex', () => {
  const point = (bucket: string, visitors: number) => ({ bucket, visitors, views: visitors, clicks: 0, checkouts: 0, sales: 0, revenueCents: visitors * 100 });

  it('folds leading extra points into the next, and pads a shorter period with empty points', () => {
    expect(alignByIndex([point('a', 1), point('b', 2), point('c', 3)], 2)).toEqual([point('b', 3), point('c', 3)]);
    expect(alignByIndex([point('a', 1)], 3)).toEqual([point('a', 1), point('', 0), point('', 0)]);
    expect(alignByIndex([point('a', 1), point('b', 2)], 2)).toEqual([point('a', 1), point('b', 2)]);
  });
});
