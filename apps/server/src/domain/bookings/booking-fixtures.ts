// Exports callSettingsFor and weekdayHours: small builders the booking tests share.
import type { OpenHours, WeeklyHours } from '#src/db/schema/index.ts';
import type { AvailabilityRules, SlotSettings } from './available-slots.ts';

/** Monday to Friday with the given hours, the weekend closed. */
export function weekdayHours(...hours: OpenHours[]): WeeklyHours {
  return { mon: hours, tue: hours, wed: hours, thu: hours, fri: hours, sat: [], sun: [] };
}

/** Thirty-minute calls with a 15-minute buffer after, no notice, a year ahead, no daily maximum. */
export function slotSettings(overrides: Partial<SlotSettings> = {}): SlotSettings {
  return { productId: 'prd_a', durationMinutes: 30, bufferBeforeMinutes: 0, bufferAfterMinutes: 15, minNoticeMinutes: 0, bookingWindowDays: 365, dailyMax: null, ...overrides };
}

/** The creator: Europe/Berlin, Monday to Friday 09:00–12:00. */
export function berlinMornings(overrides: Partial<AvailabilityRules> = {}): AvailabilityRules {
  return { timeZone: 'Europe/Berlin', weeklyHours: weekdayHours({ start: '09:00', end: '12:00' }), overrides: [], holidays: [], ...overrides };
}

export const iso = (dates: { startsAt: Date }[]) => dates.map((slot) => slot.startsAt.toISOString());
