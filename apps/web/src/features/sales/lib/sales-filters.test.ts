import { describe, expect, it } from 'vitest';
import { activeQuickRange, dayIn, QUICK_RANGES, quickRangeDates } from './sales-filters.ts';

const [week, month, all] = QUICK_RANGES;
// 23:30 UTC on 24 November: already the 25th in Berlin, still the 24th in Los Angeles.
const NOW = new Date('2026-11-24T23:30:00Z');

describe('quick ranges follow the store’s calendar day', () => {
  it('takes today in the store’s time zone', () => {
    expect(dayIn(NOW, 'UTC')).toBe('2026-11-24');
    expect(dayIn(NOW, 'Europe/Berlin')).toBe('2026-11-25');
    expect(dayIn(NOW, 'America/Los_Angeles')).toBe('2026-11-24');
  });

  it('"last 7 days" is today there and the 6 before; 30 days likewise; all time is open', () => {
    expect(quickRangeDates(week, NOW, 'Europe/Berlin')).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(quickRangeDates(week, NOW, 'UTC')).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    expect(quickRangeDates(month, NOW, 'Pacific/Kiritimati')).toEqual({ from: '2026-10-27', to: '2026-11-25' });
    expect(quickRangeDates(all, NOW, 'Europe/Berlin')).toEqual({ from: '', to: '' });
  });

  it('marks the range as active only in the zone it was chosen in', () => {
    const filters = { ...quickRangeDates(week, NOW, 'Europe/Berlin'), status: '' as const };
    expect(activeQuickRange(filters, NOW, 'Europe/Berlin')).toBe('7d');
    expect(activeQuickRange(filters, NOW, 'UTC')).toBeNull();
  });
});
