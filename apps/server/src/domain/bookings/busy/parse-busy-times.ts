// Exports parseBusyTimes: the busy ranges of an iCalendar feed within a window (node-ical).
import { DateTime } from 'luxon';
import ical, { type CalendarResponse, type DateWithTimeZone, type VEvent } from 'node-ical';
import { isValidTimeZone } from '@shopfront/core';
import { CALENDAR_MESSAGES, MAX_BUSY_TIMES_PER_SOURCE } from './calendar-messages.ts';
import { CalendarFetchError } from './fetch-calendar.ts';

export interface BusyRange {
  startsAt: Date;
  endsAt: Date;
}

/**
 * Every busy range of the feed overlapping [from, to]: recurring events expanded (EXDATEs and moved
 * occurrences applied), free (TRANSP:TRANSPARENT) and cancelled events ignored. All-day and floating
 * times are read in the calendar's zone (its X-WR-TIMEZONE, else `fallbackZone`): a day off in Berlin
 * is Berlin's whole day. Ranges are merged when they overlap. Throws CalendarFetchError for text
 * that is not iCalendar, or more ranges than a source may keep.
 */
export function parseBusyTimes(text: string, options: { from: Date; to: Date; fallbackZone: string }): BusyRange[] {
  if (!/BEGIN:VCALENDAR/i.test(text)) throw new CalendarFetchError(CALENDAR_MESSAGES.notICalendar);
  let calendar: CalendarResponse;
  try {
    calendar = ical.sync.parseICS(text);
  } catch {
    throw new CalendarFetchError(CALENDAR_MESSAGES.notICalendar);
  }
  const declared = calendar.vcalendar?.['WR-TIMEZONE'];
  const zone = typeof declared === 'string' && isValidTimeZone(declared) ? declared : options.fallbackZone;
  const ranges: BusyRange[] = [];
  for (const component of Object.values(calendar)) {
    if (component?.type !== 'VEVENT') continue;
    const event = component as VEvent;
    let instances;
    try {
      instances = ical.expandRecurringEvent(event, { from: options.from, to: options.to, expandOngoing: true });
    } catch {
      continue; // One malformed event (a rule node-ical cannot expand) does not lose the others.
    }
    for (const instance of instances) {
      if (isFree(instance.event)) continue;
      const startsAt = instance.isFullDay ? dayStart(instance.start, zone) : inZone(instance.start, zone);
      const end = instance.end ?? instance.start;
      const endsAt = instance.isFullDay ? dayStart(end.getTime() > instance.start.getTime() ? end : nextDay(instance.start), zone) : inZone(end, zone);
      if (!(endsAt.getTime() > startsAt.getTime())) continue;
      if (endsAt.getTime() <= options.from.getTime() || startsAt.getTime() >= options.to.getTime()) continue;
      ranges.push({ startsAt, endsAt });
      if (ranges.length > MAX_BUSY_TIMES_PER_SOURCE * 4) throw new CalendarFetchError(CALENDAR_MESSAGES.tooManyBusyTimes(MAX_BUSY_TIMES_PER_SOURCE));
    }
  }
  const merged = merge(ranges);
  if (merged.length > MAX_BUSY_TIMES_PER_SOURCE) throw new CalendarFetchError(CALENDAR_MESSAGES.tooManyBusyTimes(MAX_BUSY_TIMES_PER_SOURCE));
  return merged;
}

function isFree(event: Pick<VEvent, 'transparency' | 'status'>): boolean {
  return event.transparency === 'TRANSPARENT' || event.status === 'CANCELLED';
}

/** node-ical gives a date-only value as local midnight of the server's zone: its date, at midnight in `zone`. */
function dayStart(value: Date, zone: string): Date {
  return DateTime.fromObject({ year: value.getFullYear(), month: value.getMonth() + 1, day: value.getDate() }, { zone }).toJSDate();
}

function nextDay(value: Date): Date {
  return new Date(value.getFullYear(), value.getMonth(), value.getDate() + 1);
}

/** A floating time (no zone, no Z) is a wall time of the calendar's zone; node-ical read it in the server's. */
function inZone(value: DateWithTimeZone, zone: string): Date {
  if (value.tz) return new Date(value.getTime());
  return DateTime.fromObject(
    { year: value.getFullYear(), month: value.getMonth() + 1, day: value.getDate(), hour: value.getHours(), minute: value.getMinutes(), second: value.getSeconds() },
    { zone },
  ).toJSDate();
}

function merge(ranges: BusyRange[]): BusyRange[] {
  const sorted = [...ranges].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  const merged: BusyRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.startsAt.getTime() <= last.endsAt.getTime()) {
      if (range.endsAt.getTime() > last.endsAt.getTime()) last.endsAt = range.endsAt;
    } else merged.push({ ...range });
  }
  return merged;
}
