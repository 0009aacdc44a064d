// Exports cancelBooking and markNoShow: a confirmed booking ends without the call.
import { AppError } from '@shopfront/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { bookings, callSettings, orders, type BookingRow, type OrderRow } from '#src/db/schema/index.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import { assertChangeAllowed, lockBooking, type ChangedBy } from './change-policy.ts';
import { CANCEL_REFUND_RETRY_MS, queueCancelRefundRetry } from './cancel-refund-retry.ts';
import { queueBookingNotice, type CancelRefund } from './notify/queue-booking-notices.ts';

/** What a cancellation owes the buyer: the rest of the order's payment, refunded once the cancellation commits. */
export interface OwedRefund {
  orderId: string;
  amountCents: number;
}

/**
 * Cancels a confirmed booking within the policy (the buyer until the product's notice before the
 * start, the creator always); its time is free at once. The iCalendar sequence goes up so the
 * calendars that have it mark it cancelled. `refund` (none by default; `policy`: the product's
 * `refundOnCancel`) decides what is owed, never for a free order nor one call of a package. Owing
 * nothing, the cancellation's emails are queued here, saying what the order has had refunded; a
 * refund owed is made by the caller after the commit, and its emails then (cancelWithRefund), with
 * a durable retry of both queued here in case the caller never gets that far (cancel-refund-retry.ts).
 */
export async function cancelBooking(
  db: Database,
  input: { storeId: string; bookingId: string; by: ChangedBy; now: Date; refund?: boolean | 'policy' },
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
    const owed = order && order.status !== 'refunded' && (await refundWanted(tx, row.productId, input.refund ?? false)) ? order.amountCents - order.refundedCents : 0;
    if (order && owed > 0) {
      // The refund and its emails come after the commit (cancelWithRefund). Should the server stop
      // before they do, or the provider refuse, this durable job makes them later.
      await queueCancelRefundRetry(tx, { storeId: row.storeId, orderId: order.id, bookingId: row.id, runAt: new Date(input.now.getTime() + CANCEL_REFUND_RETRY_MS) });
      return { booking: row, owed: { orderId: order.id, amountCents: owed } };
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

async function refundWanted(tx: Executor, productId: string, refund: boolean | 'policy'): Promise<boolean> {
  if (refund === false) return false;
  const [call] = await tx.select({ refundOnCancel: callSettings.refundOnCancel, packageSize: callSettings.packageSize }).from(callSettings).where(eq(callSettings.productId, productId));
  if (!call || call.packageSize > 1) return false;
  return refund === 'policy' ? call.refundOnCancel === 'full' : true;
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
