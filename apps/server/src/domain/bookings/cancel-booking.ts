// Exports cancelBooking and markNoShow: a confirmed booking ends without the call.
import { AppError, CALL_SETTINGS_MESSAGES, COMMERCE_MESSAGES } from '@shopfront/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { bookings, callSettings, orders, type BookingRow, type OrderRow } from '#src/db/schema/index.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import { assertChangeAllowed, lockBooking, type ChangedBy } from './change-policy.ts';
import { CANCEL_REFUND_RETRY_MS, queueCancelRefundRetry } from './cancel-refund-retry.ts';
import { queueBookingNotice, type CancelRefund } from './notify/queue-booking-notices.ts';
import { policyRefundCents } from './refund-policy.ts';

/** What a cancellation owes the buyer, refunded once the cancellation commits; `refundedBeforeCents`: the order's refunds until then. */
export interface OwedRefund {
  orderId: string;
  amountCents: number;
  refundedBeforeCents: number;
}

/**
 * Cancels a confirmed booking within the policy (the buyer until the product's notice before the
 * start, the creator always); its time is free at once. The iCalendar sequence goes up so the
 * calendars that have it mark it cancelled. `refund` (none by default; `policy`: the product's
 * refund policy at `now`, refund-policy.ts; true: what remains, or `refundCents` of it) decides
 * what is owed, never for a free order nor one call of a package. Owing
 * nothing, the cancellation's emails are queued here, saying what the order has had refunded; a
 * refund owed is made by the caller after the commit, and its emails then (cancelWithRefund), with
 * a durable retry of both queued here in case the caller never gets that far (cancel-refund-retry.ts).
 */
export async function cancelBooking(
  db: Database,
  input: { storeId: string; bookingId: string; by: ChangedBy; now: Date; refund?: boolean | 'policy'; refundCents?: number | undefined },
): Promise<{ booking: BookingRow; owed: OwedRefund | null }> {
  return db.transaction(async (tx) => {
    const { booking, changeNoticeHours } = await lockBooking(tx, input);
    assertChangeAllowed(booking, changeNoticeHours, input.by, input.now);
    const [row] = await tx
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: input.now, cancelledBy: input.by, sequence: sql`${bookings.sequence} + 1`, updatedAt: input.now })
      .where(eq(bookings.id, booking.id))
      .returning();
    if (!row) throw new Error('cancelled booking vanished');
    const order = row.orderId ? await paidOrder(tx, row.orderId) : null;
    const owed = await refundOwed(tx, row, order, input);
    if (order && owed > 0) {
      // The refund and its emails come after the commit (cancelWithRefund). Should the server stop
      // before they do, or the provider refuse, this durable job makes them later.
      const refund = { orderId: order.id, amountCents: owed, refundedBeforeCents: order.refundedCents };
      await queueCancelRefundRetry(tx, { storeId: row.storeId, bookingId: row.id, ...refund, runAt: new Date(input.now.getTime() + CANCEL_REFUND_RETRY_MS) });
      return { booking: row, owed: refund };
    }
    await queueBookingNotice(tx, row, { notice: 'cancelled', now: input.now, refund: order ? cancelRefund(order) : null });
    return { booking: row, owed: null };
  });
}

/** The cancellation email's refund line: what the order took and has had refunded in all. */
export const cancelRefund = (order: Pick<OrderRow, 'amountCents' | 'refundedCents' | 'currency'>): CancelRefund => ({
  paidCents: order.amountCents,
  refundedCents: order.refundedCents,
  currency: order.currency,
});

/** The booking's order when it took a payment (a free order has nothing to refund). */
async function paidOrder(tx: Executor, orderId: string): Promise<OrderRow | null> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  return order && order.amountCents > 0 ? order : null;
}

/**
 * What the cancellation refunds: nothing without `refund`, for a free order, an order refunded
 * already or one call of a package; else the policy's amount at `now`, all that remains, or the
 * creator's `refundCents` (at most what remains). An amount that cannot be refunded is refused,
 * which rolls the cancellation back.
 */
async function refundOwed(tx: Executor, booking: BookingRow, order: OrderRow | null, input: { refund?: boolean | 'policy'; refundCents?: number | undefined; now: Date }): Promise<number> {
  const refund = input.refund ?? false;
  if (refund === false) {
    if (input.refundCents !== undefined) throw new AppError('invalid-argument', CALL_SETTINGS_MESSAGES.refundAmountWithoutRefund);
    return 0;
  }
  const [call] = await tx.select().from(callSettings).where(eq(callSettings.productId, booking.productId));
  const remaining = order && order.status !== 'refunded' && call && call.packageSize === 1 ? order.amountCents - order.refundedCents : 0;
  if (input.refundCents !== undefined) {
    if (remaining <= 0) throw new AppError('failed-precondition', CALL_SETTINGS_MESSAGES.nothingToRefund);
    if (input.refundCents > remaining) throw new AppError('invalid-argument', COMMERCE_MESSAGES.refundAmountTooHigh);
    return input.refundCents;
  }
  if (remaining <= 0 || !order || !call) return 0;
  return refund === 'policy' ? policyRefundCents(call, order, booking.startsAt, input.now) : remaining;
}

/** The creator marks a confirmed call the buyer missed, once it has started. */
export async function markNoShow(db: Database, input: { storeId: string; bookingId: string; now: Date }): Promise<BookingRow> {
  return db.transaction(async (tx) => {
    const { booking, changeNoticeHours } = await lockBooking(tx, input);
    assertChangeAllowed(booking, changeNoticeHours, 'creator', input.now);
    if (input.now.getTime() < booking.startsAt.getTime()) throw new AppError('failed-precondition', BOOKING_MESSAGES.notStarted);
    const [row] = await tx.update(bookings).set({ status: 'no_show', updatedAt: input.now }).where(eq(bookings.id, booking.id)).returning();
    if (!row) throw new Error('booking vanished');
    await queueBookingNotice(tx, row, { notice: 'no-show', now: input.now });
    return row;
  });
}
