// Exports wallTime, localDate, localTime, localDatesBetween and weekdayOf: the only place bookings
// turn wall-clock times in a zone into instants (Luxon) and instants into wall-clock readings (one
// cached Intl.DateTimeFormat per zone), decision 043.
import { DateTime } from 'luxon';
import { WEEKDAYS, type Weekday } from '#src/db/schema/index.ts';

/** Wall-clock times already turned into instants (every buyer's month view asks for the same opening hours). Bounded. */
const instants = new Map<string, number>();
/** The most entries each memo here keeps before it starts again. */
const READINGS_MAX = 20_000;

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
  const key = `${zone} ${date}T${time}`;
  let ms = instants.get(key);
  if (ms === undefined) {
    const local = DateTime.fromISO(`${date}T${time}`, { zone });
    if (!local.isValid) throw new Error(`not a date in ${zone}: ${date}T${time}`);
    const [first] = local.getPossibleOffsets();
    ms = (first ?? local).toMillis();
    if (instants.size >= READINGS_MAX) instants.clear();
    instants.set(key, ms);
  }
  return new Date(ms);
}


/**
 * Reading an instant in a zone runs for every offered time of a month view (hundreds per request),
 * so it uses one Intl formatter per zone, kept: a Luxon DateTime per reading cost about 20 times
 * as much. Node's ICU gives the offset as `GMT+05:45` (`GMT` at zero).
 */
const readers = new Map<string, Intl.DateTimeFormat>();

function readerOf(zone: string): Intl.DateTimeFormat {
  let reader = readers.get(zone);
  if (reader === undefined) {
    reader = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', timeZoneName: 'longOffset' });
    readers.set(zone, reader);
  }
  return reader;
}

interface WallReading {
  readonly date: string;
  readonly time: string;
  readonly offset: string;
}

/**
 * Readings already made, by zone and instant: buyers of one store ask for the same weeks, so a
 * rush labels the same few hundred instants again and again. Bounded; emptied when full.
 */
const readings = new Map<string, Map<number, WallReading>>();
let readingCount = 0;

function read(instant: Date, zone: string): WallReading {
  const ms = instant.getTime();
  let byInstant = readings.get(zone);
  const known = byInstant?.get(ms);
  if (known !== undefined) return known;
  if (readingCount >= READINGS_MAX) {
    readings.clear();
    readingCount = 0;
    byInstant = undefined;
  }
  if (byInstant === undefined) readings.set(zone, (byInstant = new Map()));
  const reading = format(instant, zone);
  byInstant.set(ms, reading);
  readingCount += 1;
  return reading;
}

function format(instant: Date, zone: string): WallReading {
  let year = '';
  let month = '';
  let day = '';
  let hour = '';
  let minute = '';
  let offset = '+00:00';
  for (const part of readerOf(zone).formatToParts(instant)) {
    if (part.type === 'year') year = part.value.padStart(4, '0');
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
    else if (part.type === 'hour') hour = part.value;
    else if (part.type === 'minute') minute = part.value;
    else if (part.type === 'timeZoneName' && part.value !== 'GMT') offset = part.value.slice(3);
  }
  return { date: `${year}-${month}-${day}`, time: `${hour}:${minute}`, offset };
}

/** `YYYY-MM-DD` of an instant in `zone`. */
export function localDate(instant: Date, zone: string): string {
  return read(instant, zone).date;
}

/** `HH:mm` and the UTC offset (`+02:00`) of an instant in `zone`: the offset tells apart the two 02:30s of a fall-back night. */
export function localTime(instant: Date, zone: string): { time: string; offset: string } {
  const { time, offset } = read(instant, zone);
  return { time, offset };
}

/** Midnight UTC of a real calendar date `YYYY-MM-DD` (no zone involved); throws for anything else. */
function utcDay(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(at.getTime()) || at.toISOString().slice(0, 10) !== date) throw new Error(`not a date: ${date}`);
  return at;
}

/** The calendar day after `date`. */
export function nextDate(date: string): string {
  return new Date(utcDay(date).getTime() + 86_400_000).toISOString().slice(0, 10);
}

/** Every local date in `zone` that any moment of [from, to) falls on, in order. */
export function localDatesBetween(from: Date, to: Date, zone: string): string[] {
  const last = localDate(new Date(to.getTime() - 1), zone);
  const dates: string[] = [];
  for (let date = localDate(from, zone); date <= last; date = nextDate(date)) dates.push(date);
  return dates;
}

export function weekdayOf(date: string): Weekday {
  // getUTCDay counts from Sunday; WEEKDAYS from Monday.
  const weekday = WEEKDAYS[(utcDay(date).getUTCDay() + 6) % 7];
  if (!weekday) throw new Error(`not a date: ${date}`);
  return weekday;
}
