import { createHmac } from 'node:crypto';

/**
 * The daily visitor (docs/analytics.md "No cookies, no personal data"): the first 8 bytes of
 * HMAC-SHA-256 keyed by the salt of the store-local day, over store id, IP address and user agent,
 * read as a signed 64-bit integer. The salt is random and deleted once its day has ended
 * everywhere, so after that nobody — the operator included — can tell whose hash it was.
 */
export function visitorHash(salt: Buffer, storeId: string, ip: string, userAgent: string): bigint {
  return createHmac('sha256', salt).update(`${storeId}\n${ip}\n${userAgent}`).digest().readBigInt64BE(0);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Per zone, the last minute asked for and its day: a batch's events share a few minutes. */
const lastMinute = new Map<string, { minute: number; day: string }>();

/**
 * The calendar day (YYYY-MM-DD) of an instant in a time zone; an unknown zone counts as UTC.
 * Every zone's offset is a whole number of minutes, so one UTC minute is one local day: the
 * formatting (the costly part) runs once per zone and minute.
 */
export function localDayOf(at: Date | number, timeZone: string): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  const minute = Math.floor(ms / 60_000);
  const last = lastMinute.get(timeZone);
  if (last?.minute === minute) return last.day;
  let format = formatters.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      format = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' });
    }
    formatters.set(timeZone, format);
  }
  const day = format.format(ms);
  lastMinute.set(timeZone, { minute, day });
  return day;
}

/**
 * The oldest day whose salt may still be needed: today where the calendar is furthest behind
 * (UTC−12, `Etc/GMT+12`). Every earlier date has ended everywhere, so its salt is deleted.
 */
export function oldestLiveDay(now: Date): string {
  return localDayOf(now, 'Etc/GMT+12');
}
