// Exports availableSlots and its input types: the pure rule of which call times a buyer is offered.
import type { OpenHours, WeeklyHours } from '#src/db/schema/index.ts';
import { localDate, localDatesBetween, wallTime, weekdayOf } from './wall-clock.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export interface SlotSettings {
  productId: string;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  bookingWindowDays: number;
  dailyMax: number | null;
}

export interface AvailabilityRules {
  timeZone: string;
  weeklyHours: WeeklyHours;
  /** A date here uses these hours instead of the weekly ones (none: closed that day). */
  overrides: { date: string; hours: OpenHours[] }[];
  /** Closed from `startsOn` to `endsOn`, both included, whatever the hours say. */
  holidays: { startsOn: string; endsOn: string }[];
}

/**
 * Time already taken: a held or confirmed booking's blocked range (buffers included) with its
 * product and start (for the daily maximum), or an external busy time without them.
 */
export interface BusyTime {
  from: Date;
  until: Date;
  booking?: { productId: string; startsAt: Date };
}

export interface Slot {
  startsAt: Date;
  endsAt: Date;
}

/**
 * The call times offered between `from` and `to` (by start). Each open interval of a day, in the
 * availability's zone, yields calls from its opening, one every buffer-before + duration +
 * buffer-after, while the call ends by the close; the buffers may reach outside the hours but
 * never into a busy time. Steps are real time, so a night the clocks change has exactly as many
 * calls as its real hours hold. Minimum notice and the booking window count from `now`; a day
 * with `dailyMax` calls of this product already booked offers none.
 */
export function availableSlots(settings: SlotSettings, availability: AvailabilityRules, busy: BusyTime[], from: Date, to: Date, now: Date): Slot[] {
  const zone = availability.timeZone;
  const duration = settings.durationMinutes * MINUTE;
  const before = settings.bufferBeforeMinutes * MINUTE;
  const after = settings.bufferAfterMinutes * MINUTE;
  const earliest = Math.max(from.getTime(), now.getTime() + settings.minNoticeMinutes * MINUTE);
  const latest = Math.min(to.getTime(), now.getTime() + settings.bookingWindowDays * DAY + 1);
  if (earliest >= latest) return [];

  const perDay = bookedPerDay(busy, settings.productId, zone);
  const slots = new Map<number, Slot>();
  // A day's hours can start before `earliest` in UTC terms, so look one day either side.
  for (const date of localDatesBetween(new Date(earliest - DAY), new Date(latest + DAY), zone)) {
    if (isHoliday(date, availability.holidays)) continue;
    if (settings.dailyMax !== null && (perDay.get(date) ?? 0) >= settings.dailyMax) continue;
    for (const hours of hoursOn(date, availability)) {
      const open = wallTime(date, hours.start, zone).getTime();
      const close = wallTime(date, hours.end, zone).getTime();
      for (let start = open; start + duration <= close; start += before + duration + after) {
        if (start < earliest || start >= latest) continue;
        const blockedFrom = start - before;
        const blockedUntil = start + duration + after;
        if (busy.some((taken) => taken.from.getTime() < blockedUntil && blockedFrom < taken.until.getTime())) continue;
        slots.set(start, { startsAt: new Date(start), endsAt: new Date(start + duration) });
      }
    }
  }
  return [...slots.values()].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

function hoursOn(date: string, availability: AvailabilityRules): OpenHours[] {
  const override = availability.overrides.find((candidate) => candidate.date === date);
  return override ? override.hours : availability.weeklyHours[weekdayOf(date)];
}

function isHoliday(date: string, holidays: AvailabilityRules['holidays']): boolean {
  return holidays.some((holiday) => holiday.startsOn <= date && date <= holiday.endsOn);
}

function bookedPerDay(busy: BusyTime[], productId: string, zone: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const taken of busy) {
    if (taken.booking?.productId !== productId) continue;
    const date = localDate(taken.booking.startsAt, zone);
    counts.set(date, (counts.get(date) ?? 0) + 1);
  }
  return counts;
}
