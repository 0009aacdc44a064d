// Exports waitUntil: when a wait step ends, for a duration or a weekday and wall-clock time in a zone.
import { waitMinutes, type AutomationWait } from '@shopfront/core';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * The instant a wait that starts at `from` ends. A duration is exact elapsed time. "Until Monday
 * 09:00" is the next Monday 09:00 on the zone's wall clock strictly after `from` — across a DST
 * change that is still 09:00 local, not 24 hours times the days between. A wall time that does not
 * exist that day (a spring-forward gap) is taken as the same time after the jump.
 */
export function waitUntil(wait: AutomationWait, from: Date, timeZone: string): Date {
  const minutes = waitMinutes(wait);
  if (minutes !== null) return new Date(from.getTime() + minutes * MINUTE_MS);
  if (wait.mode !== 'until') throw new Error('unknown wait');
  const [hour, minute] = wait.time.split(':').map(Number) as [number, number];
  const today = wallClock(from, timeZone);
  for (let days = 0; days <= 7; days += 1) {
    const date = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
    if (date.getUTCDay() !== wait.weekday) continue;
    const at = zonedTimeToUtc({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate(), hour, minute }, timeZone);
    if (at.getTime() > from.getTime()) return at;
  }
  // The weekday is today and its time has passed: a week later.
  const next = new Date(Date.UTC(today.year, today.month - 1, today.day + 7));
  return zonedTimeToUtc({ year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate(), hour, minute }, timeZone);
}

/**
 * The zone an "until" wait reads its wall clock in: `contact` is the contact's own zone (their
 * browser's, from a signup or checkout) and the store's while it is unknown; `store` is the store's.
 */
export function waitZone(wait: AutomationWait, zones: { contact: string | null; store: string }): string {
  return wait.mode === 'until' && wait.zone === 'contact' && zones.contact ? zones.contact : zones.store;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock reading of `at` in `timeZone`. */
export function wallClock(at: Date, timeZone: string): WallTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

/** The instant at which `timeZone`'s wall clock reads `wall` (the later reading in a gap). */
export function zonedTimeToUtc(wall: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Two passes settle the offset on either side of a change.
  let guess = asUtc - offsetMs(new Date(asUtc), timeZone);
  guess = asUtc - offsetMs(new Date(guess), timeZone);
  const read = wallClock(new Date(guess), timeZone);
  if (read.hour !== wall.hour || read.minute !== wall.minute) {
    // In a spring-forward gap: read with the offset before the jump, it lands as far after it.
    return new Date(asUtc - offsetMs(new Date(guess - DAY_MS / 24), timeZone));
  }
  return new Date(guess);
}

function offsetMs(at: Date, timeZone: string): number {
  const wall = wallClock(at, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return asUtc - Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS;
}
