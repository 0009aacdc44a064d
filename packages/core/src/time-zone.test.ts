import { describe, expect, it } from 'vitest';
import { formatInTimeZone, isValidTimeZone, TimeZoneSchema } from './time-zone.ts';

describe('store time zones', () => {
  it('accepts IANA names the runtime knows, UTC and aliases; refuses anything else', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Asia/Calcutta']) expect(isValidTimeZone(zone), zone).toBe(true);
    for (const zone of ['Mars/Olympus', 'Europe/Berlín', '', 'GMT+1; DROP TABLE']) expect(isValidTimeZone(zone), zone).toBe(false);
    expect(TimeZoneSchema.safeParse('Europe/Berlin').success).toBe(true);
    expect(TimeZoneSchema.safeParse('Nowhere/Land').success).toBe(false);
  });

  it('formats an instant as the wall clock of the zone with its offset, across DST', () => {
    expect(formatInTimeZone(new Date('2026-11-22T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-23T00:30:00+01:00');
    expect(formatInTimeZone(new Date('2026-11-22T23:30:00Z'), 'UTC')).toBe('2026-11-22T23:30:00+00:00');
    // Berlin springs forward at 01:00 UTC on 2026-03-29.
    expect(formatInTimeZone(new Date('2026-03-29T00:59:59Z'), 'Europe/Berlin')).toBe('2026-03-29T01:59:59+01:00');
    expect(formatInTimeZone(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe('2026-03-29T03:00:00+02:00');
  });
});
