import { ANALYTICS_MESSAGES } from '@shopfront/core';
import { describe, expect, it } from 'vitest';
import { comparisonLabel, customRangeError, daysInRange, periodInput, periodQuery, readPeriod } from './period.ts';

describe('analytics period', () => {
  it('reads the period from the URL, 30 days by default or when unknown', () => {
    expect(readPeriod(new URLSearchParams(''))).toEqual({ period: '30d', from: '', to: '' });
    expect(readPeriod(new URLSearchParams('period=weekly'))).toEqual({ period: '30d', from: '', to: '' });
    expect(readPeriod(new URLSearchParams('period=12m&from=2026-01-01'))).toEqual({ period: '12m', from: '', to: '' });
    expect(readPeriod(new URLSearchParams('period=custom&from=2026-01-01&to=2026-01-31'))).toEqual({ period: 'custom', from: '2026-01-01', to: '2026-01-31' });
  });

  it('writes the period to the URL, leaving the default out', () => {
    expect(periodQuery({ period: '30d', from: '', to: '' }).toString()).toBe('');
    expect(periodQuery({ period: 'today', from: 'x', to: 'y' }).toString()).toBe('period=today');
    expect(periodQuery({ period: 'custom', from: '2026-01-01', to: '2026-01-31' }).toString()).toBe('period=custom&from=2026-01-01&to=2026-01-31');
  });

  it('checks a custom range with the server’s messages, on both sides of the 400-day limit', () => {
    expect(customRangeError('', '2026-01-01')).toBe(ANALYTICS_MESSAGES.customRangeRequired);
    expect(customRangeError('2026-02-30', '2026-03-01')).toBe(ANALYTICS_MESSAGES.invalidDay);
    expect(customRangeError('2026-01-02', '2026-01-01')).toBe(ANALYTICS_MESSAGES.rangeOrder);
    expect(customRangeError('2026-01-01', '2026-01-01')).toBeNull();
    expect(daysInRange('2025-01-01', '2026-02-04')).toBe(400);
    expect(customRangeError('2025-01-01', '2026-02-04')).toBeNull();
    expect(customRangeError('2025-01-01', '2026-02-05')).toBe(ANALYTICS_MESSAGES.rangeTooLong);
    expect(customRangeError('0000-01-01', '0000-01-02')).toBe(ANALYTICS_MESSAGES.dayOutOfRange);
    expect(customRangeError('1999-12-31', '2000-01-01')).toBe(ANALYTICS_MESSAGES.dayOutOfRange);
    expect(customRangeError('2000-01-01', '2000-01-02')).toBeNull();
    expect(customRangeError('9999-12-30', '9999-12-31')).toBeNull();
  });

  it('asks nothing while the custom range is invalid', () => {
    expect(periodInput('s1', { period: 'custom', from: '2026-01-02', to: '2026-01-01' })).toBeNull();
    expect(periodInput('s1', { period: '7d', from: '', to: '' })).toEqual({ storeId: 's1', period: '7d' });
  });

  it('names the previous period', () => {
    const range = { from: '2026-11-01', to: '2026-11-09' };
    expect(comparisonLabel({ period: 'today', from: '', to: '' }, range)).toBe('vs yesterday');
    expect(comparisonLabel({ period: '12m', from: '', to: '' }, range)).toBe('vs previous 12 months');
    expect(comparisonLabel({ period: 'custom', from: range.from, to: range.to }, range)).toBe('vs previous 9 days');
  });
});
