import type { HandlerRegistry } from '../types.ts';
import { bookMyPackageSession, cancelMyBooking, getOpenSlots, listMyBookings, rescheduleMyBooking } from './my-bookings.ts';

/** Calls from the buyer's side: the storefront's open times and the members area's bookings. */
export const memberBookingHandlers = {
  getOpenSlots,
  listMyBookings,
  rescheduleMyBooking,
  cancelMyBooking,
  bookMyPackageSession,
} satisfies Partial<HandlerRegistry>;
