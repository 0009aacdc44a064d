import { describe, expect, it } from 'vitest';
import { localDayOf } from './visitor-hash.ts';

/** The day as Intl computes it afresh, without the per-minute memo. */
const reference = (at: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

describe('localDayOf', () => {
  it('matches Intl minute by minute across local midnight, in zones with 30- and 45-minute offsets, asked in turns', () => {
    const zones = ['Asia/Kathmandu', 'Pacific/Chatham', 'Asia/Kolkata', 'America/St_Johns', 'UTC'];
    // 17:00–21:00 UTC on 2026-11-26 holds local midnight in Kathmandu (+05:45) and Chatham (+13:45).
    const from = Date.parse('2026-11-26T17:00:00Z');
    for (let at = from; at < from + 4 * 3_600_000; at += 30_000) {
      for (const zone of zones) expect(localDayOf(at, zone), `${new Date(at).toISOString()} ${zone}`).toBe(reference(at, zone));
    }
  });

  it('follows the clocks changing (New York, 2026-11-01) and takes a Date as well as milliseconds', () => {
    const from = Date.parse('2026-11-01T03:30:00Z');
    for (let at = from; at < from + 3 * 3_600_000; at += 60_000) {
      expect(localDayOf(new Date(at), 'America/New_York')).toBe(reference(at, 'America/New_York'));
    }
    expect(localDayOf(Date.parse('2026-11-02T04:59:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(localDayOf(Date.parse('2026-11-02T05:00:00Z'), 'America/New_York')).toBe('2026-11-02');
  });

  it('counts an unknown zone as UTC', () => {
    expect(localDayOf(Date.parse('2026-11-26T23:59:00Z'), 'Mars/Olympus_Mons')).toBe('2026-11-26');
  });
});
