// Wall-clock labels of instants in a chosen IANA zone, with the platform's Intl only: the slot
// picker ships in the storefront script, which carries no date library (decision 010). The server
// owns every rule; these only name instants it answered.

const LOCALE = 'en-US';
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${timeZone}|${JSON.stringify(options)}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(LOCALE, { timeZone, ...options });
    formatters.set(key, found);
  }
  return found;
}

/** The `YYYY-MM-DD` an instant falls on in `timeZone`. */
export function localDate(instant: Date | string, timeZone: string): string {
  const parts = formatter(timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** "9:30 AM" in `timeZone`. */
export function timeLabel(instant: Date | string, timeZone: string): string {
  return formatter(timeZone, { hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

/** "GMT-4": told apart on a night the clocks go back, when one wall time happens twice. */
export function offsetLabel(instant: Date | string, timeZone: string): string {
  const parts = formatter(timeZone, { timeZoneName: 'shortOffset' }).formatToParts(new Date(instant));
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** The calendar day `days` after a `YYYY-MM-DD` (negative: before). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** A calendar day in words: `{ weekday: 'Mon', day: '7', long: 'Monday, December 7, 2026' }`. */
export function dayLabels(date: string): { weekday: string; day: string; month: string; long: string } {
  // Noon UTC of that date: its name, whatever the zone of the browser.
  const noon = new Date(`${date}T12:00:00Z`);
  return {
    weekday: formatter('UTC', { weekday: 'short' }).format(noon),
    day: formatter('UTC', { day: 'numeric' }).format(noon),
    month: formatter('UTC', { month: 'short' }).format(noon),
    long: formatter('UTC', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(noon),
  };
}

/** "Mon, Dec 7, 9:30 AM" in `timeZone`. */
export function dateTimeLabel(instant: Date | string, timeZone: string): string {
  return formatter(timeZone, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(instant));
}

export interface DaySlots {
  date: string;
  /** ISO instants, in order. */
  starts: string[];
}

/**
 * The given days (each `YYYY-MM-DD` in `timeZone`) with the starts that fall on them there, in
 * order. Starts outside those days are left out: the query reads a little more than the week so
 * that every zone's days are whole.
 */
export function slotsByDay(starts: readonly string[], days: readonly string[], timeZone: string): DaySlots[] {
  const byDate = new Map<string, string[]>(days.map((date) => [date, []]));
  const sorted = [...new Set(starts)].sort((a, b) => Date.parse(a) - Date.parse(b));
  for (const start of sorted) byDate.get(localDate(start, timeZone))?.push(start);
  return days.map((date) => ({ date, starts: byDate.get(date) ?? [] }));
}

/**
 * The instants to ask the server for so that the days `first`…`first + count - 1` are whole in
 * any zone: a day either side of their UTC span (zones lie within UTC−12…UTC+14).
 */
export function queryWindow(first: string, count: number): { from: string; to: string } {
  return { from: `${addDays(first, -1)}T00:00:00.000Z`, to: `${addDays(first, count + 1)}T00:00:00.000Z` };
}

/** "America/New York" for a zone name. */
export const zoneName = (zone: string) => zone.replaceAll('_', ' ');
