import type { HandlerRegistry } from '../types.ts';
import { addHoliday, deleteAvailabilityOverride, deleteHoliday, getAvailability, listAvailabilityOverrides, listHolidays, setAvailability, setAvailabilityOverride } from './availability.ts';
import { createBookingFeedUrl, getBookingFeedStatus, revokeBookingFeedUrl } from './booking-feed.ts';
import { addCalendarSource, listCalendarSources, removeCalendarSource } from './calendar-sources.ts';
import { getCallSettings, updateCallSettings } from './call-settings.ts';
import { cancelCallBooking, getCallOpenSlots, markBookingNoShow, rescheduleCallBooking, setBookingMeetingLink } from './change-bookings.ts';
import { exportBookingsCsv, listBookings } from './list-bookings.ts';

/** Calls from the creator's side (docs/bookings.md "Functions"); ../index.ts spreads them into the registry. */
export const bookingHandlers = {
  getCallSettings,
  updateCallSettings,
  getAvailability,
  setAvailability,
  listAvailabilityOverrides,
  setAvailabilityOverride,
  deleteAvailabilityOverride,
  listHolidays,
  addHoliday,
  deleteHoliday,
  listBookings,
  exportBookingsCsv,
  cancelCallBooking,
  rescheduleCallBooking,
  getCallOpenSlots,
  markBookingNoShow,
  setBookingMeetingLink,
  getBookingFeedStatus,
  createBookingFeedUrl,
  revokeBookingFeedUrl,
  listCalendarSources,
  addCalendarSource,
  removeCalendarSource,
} satisfies Partial<HandlerRegistry>;
