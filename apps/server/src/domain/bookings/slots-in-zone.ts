// Exports slotsInZone: offered call times grouped by day as a buyer in another zone sees them.
import type { Slot } from './available-slots.ts';
import { localDate, localTime } from './wall-clock.ts';

export interface ZonedSlot {
  startsAt: Date;
  /** `HH:mm` in the buyer's zone; on a fall-back night two slots can share it, told apart by `offset`. */
  time: string;
  offset: string;
}

export interface ZonedDay {
  date: string;
  slots: ZonedSlot[];
}

/**
 * The slots by local date in `zone` (the buyer's), in order. The instants are never changed, only
 * labelled: a night the buyer's clocks change shows a jump (spring) or an hour twice with two
 * offsets (fall), and no slot is lost or doubled.
 */
export function slotsInZone(slots: Slot[], zone: string): ZonedDay[] {
  const days: ZonedDay[] = [];
  for (const slot of slots) {
    const date = localDate(slot.startsAt, zone);
    let day = days.at(-1);
    if (day?.date !== date) {
      day = { date, slots: [] };
      days.push(day);
    }
    day.slots.push({ startsAt: slot.startsAt, ...localTime(slot.startsAt, zone) });
  }
  return days;
}
