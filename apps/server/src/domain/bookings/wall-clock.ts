// Exports wallTime, localDate, localDatesBetween and weekdayOf: the only place bookings turn
// wall-clock times in a zone into instants and back (Luxon, decision 043).
import { DateTime } from 'luxon';
import { WEEKDAYS, type Weekday } from '#src/db/schema/index.ts';

const HH_MM = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** True for `00:00`…`23:59` and `24:00` (the end of a day). */
export function isWallTime(value: string): boolean {
  return HH_MM.test(value);
}

/**
 * The instant of `time` (`HH:mm`, or `24:00` for the next midnight) on `date` (`YYYY-MM-DD`) in
 * `zone`. As Temporal's "compatible" disambiguation and RFC 5545 do: a time the clocks skip
 * (02:30 on a spring-forward night) moves forward by the gap (03:30); a time that happens twice
 * (02:30 on a fall-back night) is its first occurrence.
 */
export function wallTime(date: string, time: string, zone: string): Date {
  if (!isWallTime(time)) throw new Error(`not a wall-clock time: ${time}`);
  if (time === '24:00') return wallTime(nextDate(date), '00:00', zone);
  const local = DateTime.fromISO(`${date}T${time}`, { zone });
  if (!local.isValid) throw new Error(`not a date in ${zone}: ${date}T${time}`);
  const [first] = local.getPossibleOffsets();
  return (first ?? local).toJSDate();
}

/** `YYYY-MM-DD` of an instant in `zone`. */
export function localDate(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toISODate() ?? '';
}

/** `HH:mm` and the UTC offset (`+02:00`) of an instant in `zone`: the offset tells apart the two 02:30s of a fall-back night. */
export function localTime(instant: Date, zone: string): { time: string; offset: string } {
  const local = DateTime.fromJSDate(instant, { zone });
  return { time: local.toFormat('HH:mm'), offset: local.toFormat('ZZ') };
}

export function nextDate(date: string): string {
  return DateTime.fromISO(date, { zone: 'UTC' }).plus({ days: 1 }).toISODate() ?? '';
}

/** Every local date in `zone` that any moment of [from, to) falls on, in order. */
export function localDatesBetween(from: Date, to: Date, zone: string): string[] {
  const last = localDate(new Date(to.getTime() - 1), zone);
  const dates: string[] = [];
  for (let date = localDate(from, zone); date <= last; date = nextDate(date)) dates.push(date);
  return dates;
}

export function weekdayOf(date: string): Weekday {
  const weekday = WEEKDAYS[DateTime.fromISO(date, { zone: 'UTC' }).weekday - 1];
  if (!weekday) throw new Error(`not a date: ${date}`);
  return weekday;
}
