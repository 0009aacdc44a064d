// Exports the creator's changes to a booking: cancel (with a refund), reschedule (and its open times), no-show, its meeting link.
import { AppError, MESSAGES } from '@shopfront/core';
import { cancelWithRefund } from '#src/domain/bookings/booking-refunds.ts';
import { markNoShow } from '#src/domain/bookings/cancel-booking.ts';
import { findBooking } from '#src/domain/bookings/creator/booking-rows.ts';
import { setBookingMeetingLink as setMeetingLink } from '#src/domain/bookings/meeting-link.ts';
import { getCallOpenSlotsForCreator } from '#src/domain/bookings/creator/creator-open-slots.ts';
import { rescheduleBooking } from '#src/domain/bookings/reschedule-booking.ts';
import type { Database } from '#src/db/client.ts';
import { ownedStore } from '../owned-store.ts';
import type { Handler } from '../types.ts';
import { refunds } from './booking-deps.ts';

async function view(db: Database, storeId: string, bookingId: string) {
  const booking = await findBooking(db, { storeId, bookingId });
  if (!booking) throw new AppError('not-found', MESSAGES.generic.notFound);
  return booking;
}

export const cancelCallBooking: Handler<'cancelCallBooking'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  const { refundedCents } = await cancelWithRefund(ctx.db, { storeId: store.id, bookingId: input.bookingId, by: 'creator', refund: input.refund, refundCents: input.refundCents, now: ctx.now(), ...refunds(ctx) });
  return { booking: await view(ctx.db, store.id, input.bookingId), refundedCents };
};

export const rescheduleCallBooking: Handler<'rescheduleCallBooking'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  await rescheduleBooking(ctx.db, { storeId: store.id, bookingId: input.bookingId, startsAt: new Date(input.startsAt), by: 'creator', now: ctx.now() });
  return view(ctx.db, store.id, input.bookingId);
};

export const markBookingNoShow: Handler<'markBookingNoShow'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  await markNoShow(ctx.db, { storeId: store.id, bookingId: input.bookingId, now: ctx.now() });
  return view(ctx.db, store.id, input.bookingId);
};

export const setBookingMeetingLink: Handler<'setBookingMeetingLink'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  await setMeetingLink(ctx.db, { storeId: store.id, bookingId: input.bookingId, url: input.url, now: ctx.now() });
  return view(ctx.db, store.id, input.bookingId);
};

export const getCallOpenSlots: Handler<'getCallOpenSlots'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  return getCallOpenSlotsForCreator(ctx.db, { ...input, storeId: store.id, now: ctx.now() });
};
