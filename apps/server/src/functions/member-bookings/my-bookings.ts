// Exports the buyer's handlers: a call's open times (public) and the members area's bookings.
import { getOpenSlotsForBuyer } from '#src/domain/bookings/buyer/open-slots.ts';
import { bookMyPackageSession as bookSession, cancelMyBooking as cancelMine, rescheduleMyBooking as rescheduleMine } from '#src/domain/bookings/buyer/change-my-booking.ts';
import { listMyBookings as listMine } from '#src/domain/bookings/buyer/my-bookings.ts';
import { refunds } from '../bookings/booking-deps.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const getOpenSlots: Handler<'getOpenSlots'> = async (input, ctx) => getOpenSlotsForBuyer(ctx.db, { ...input, now: ctx.now() });

export const listMyBookings: Handler<'listMyBookings'> = async (input, ctx) => listMine(ctx.db, { storeId: input.storeId, ...customerOf(ctx, input.storeId), now: ctx.now() });

export const rescheduleMyBooking: Handler<'rescheduleMyBooking'> = async (input, ctx) =>
  rescheduleMine(ctx.db, { storeId: input.storeId, ...customerOf(ctx, input.storeId), bookingId: input.bookingId, startsAt: new Date(input.startsAt), now: ctx.now() });

export const cancelMyBooking: Handler<'cancelMyBooking'> = async (input, ctx) =>
  cancelMine(ctx.db, { storeId: input.storeId, ...customerOf(ctx, input.storeId), bookingId: input.bookingId, now: ctx.now(), ...refunds(ctx) });

export const bookMyPackageSession: Handler<'bookMyPackageSession'> = async (input, ctx) =>
  bookSession(ctx.db, { storeId: input.storeId, ...customerOf(ctx, input.storeId), orderId: input.orderId, booking: input.booking, now: ctx.now() });
