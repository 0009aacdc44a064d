import { formatInTimeZone } from '@shopfront/core';

/** "Nov 25, 2026, 6:00 PM GMT+1": an instant on the store's clock, with the zone said. */
export function formatStoreTime(iso: string | null, timeZone: string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(date) + ` ${zoneAbbreviation(date, timeZone)}`;
}

function zoneAbbreviation(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** The store's wall clock at `instant`: `{ date: 'YYYY-MM-DD', time: 'HH:MM' }`, as date and time inputs hold it. */
export function wallClock(instant: Date, timeZone: string): { date: string; time: string } {
  const local = formatInTimeZone(instant, timeZone);
  return { date: local.slice(0, 10), time: local.slice(11, 16) };
}

/**
 * The instant a date and time mean on the store's clock, as ISO 8601 with the store's offset
 * (`2026-11-25T18:00:00+01:00`). The offset is read at a first guess and read again at the result,
 * which settles it across a daylight-saving change; a time skipped by the change moves forward.
 */
export function storeTimeToIso(date: string, time: string, timeZone: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  if (Number.isNaN(asUtc)) return null;
  let instant = asUtc - offsetMs(new Date(asUtc), timeZone);
  instant = asUtc - offsetMs(new Date(instant), timeZone);
  return formatInTimeZone(new Date(instant), timeZone);
}

/** The zone's offset from UTC at `instant`, in milliseconds (+01:00 → 3,600,000). */
function offsetMs(instant: Date, timeZone: string): number {
  const offset = formatInTimeZone(instant, timeZone).slice(19);
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -1 : 1) * minutes * 60_000;
}
