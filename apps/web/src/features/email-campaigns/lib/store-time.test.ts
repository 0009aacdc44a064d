import { describe, expect, it } from 'vitest';
import { formatStoreTime, storeTimeToIso, wallClock } from './store-time.ts';

describe('store clock times', () => {
  it('reads a date and time on the store’s clock as that zone’s instant, either side of daylight saving', () => {
    expect(storeTimeToIso('2026-11-25', '18:00', 'Europe/Berlin')).toBe('2026-11-25T18:00:00+01:00');
    expect(storeTimeToIso('2026-07-01', '18:00', 'Europe/Berlin')).toBe('2026-07-01T18:00:00+02:00');
    expect(storeTimeToIso('2026-11-25', '18:00', 'America/New_York')).toBe('2026-11-25T18:00:00-05:00');
    expect(storeTimeToIso('2026-11-25', '18:00', 'UTC')).toBe('2026-11-25T18:00:00+00:00');
    // 02:30 does not exist on 29 March 2026 in Berlin (clocks jump from 02:00 to 03:00): it moves forward.
    expect(storeTimeToIso('2026-03-29', '02:30', 'Europe/Berlin')).toBe('2026-03-29T03:30:00+02:00');
    expect(storeTimeToIso('2026-11-25', '', 'UTC')).toBeNull();
  });

  it('shows an instant on the store’s clock with the zone', () => {
    expect(formatStoreTime('2026-11-25T17:00:00.000Z', 'Europe/Berlin')).toBe('Nov 25, 2026, 6:00 PM GMT+1');
    expect(formatStoreTime(null, 'UTC')).toBe('—');
    expect(wallClock(new Date('2026-11-25T23:30:00.000Z'), 'Europe/Berlin')).toEqual({ date: '2026-11-26', time: '00:30' });
  });
});
