// Exports cancelWithRefund, queueLostBookingRefund, the refund-lost-booking job and the cancelled-booking refund retry: a booking's order refunded through the order's own refund path.
import { AppError, COMMERCE_MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { bookings, orders, type BookingRow } from '#src/db/schema/index.ts';
import { refundStoreOrder, type RefundOrderOptions } from '#src/domain/orders/refund-store-order.ts';
import type { Env } from '#src/env.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { getPaymentProvider } from '#src/providers/payments/index.ts';
import { PermanentJobError, type JobHandler } from '#src/jobs/types.ts';
import { cancelBooking, cancelRefund } from './cancel-booking.ts';
import { CANCEL_REFUND_RETRY_KIND, type CancelRefundRetry } from './cancel-refund-retry.ts';
import type { ChangedBy } from './change-policy.ts';
import { queueBookingNotice } from './notify/queue-booking-notices.ts';

type Refunds = Pick<RefundOrderOptions, 'providerFor' | 'log'>;

export const BOOKING_REFUND_FAILED = 'The booking is cancelled, but its refund could not be made now. It will be tried again in a few minutes; Sales shows the order.';

/**
 * Cancels a booking within the policy (cancelBooking), then refunds what it owes — the buyer's
 * cancellation follows the product's refund policy (refund-policy.ts), the creator chooses all
 * that remains, an amount of it or nothing. Answers the cancelled
 * booking and what this refunded. The refund goes through refundStoreOrder (the provider, the
 * refund row, the buyer's refund email) after the cancellation committed, so a provider failure
 * leaves the booking cancelled and says so; the cancellation's emails are queued as soon as the
 * refund settles, with what it refunded (none when it failed).
 */
export async function cancelWithRefund(
  db: Database,
  input: { storeId: string; bookingId: string; by: ChangedBy; refund: boolean | 'policy'; refundCents?: number | undefined; now: Date } & Refunds,
): Promise<{ booking: BookingRow; refundedCents: number }> {
  const { booking, owed } = await cancelBooking(db, input);
  if (!owed) return { booking, refundedCents: 0 };
  const refundedCents = await refundForBooking(db, { storeId: booking.storeId, bookingId: booking.id, ...owed, reason: 'cancelled', now: input.now, providerFor: input.providerFor, log: input.log })
    .catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'unavailable') throw new AppError('unavailable', BOOKING_REFUND_FAILED);
      throw error;
    })
    .finally(() => queueCancelNotice(db, booking, owed.orderId, input.now));
  return { booking: { ...booking, refundReason: refundedCents > 0 ? 'cancelled' : booking.refundReason }, refundedCents };
}

/** The cancellation's emails once its refund settled: the order as it is now says what was refunded. */
async function queueCancelNotice(db: Database, booking: BookingRow, orderId: string, now: Date): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  await queueBookingNotice(db, booking, { notice: 'cancelled', now, refund: order ? cancelRefund(order) : null });
}

/**
 * Refunds `amountCents` of a paid order (all that remains when absent) and records why on the
 * booking; answers what it refunded (0 when nothing remains or it was free). Refunds of the order
 * since `refundedBeforeCents` (its refunds when the amount was decided) count toward the amount,
 * so a retry after an attempt that worked refunds nothing more.
 */
async function refundForBooking(
  db: Database,
  input: { storeId: string; orderId: string; bookingId: string; reason: 'cancelled' | 'hold-lost'; now: Date; amountCents?: number | undefined; refundedBeforeCents?: number | undefined } & Refunds,
): Promise<number> {
  const [order] = await db.select().from(orders).where(and(eq(orders.id, input.orderId), eq(orders.storeId, input.storeId)));
  if (!order || order.status === 'refunded' || order.amountCents === 0) return 0;
  const remaining = order.amountCents - order.refundedCents;
  const due = input.amountCents === undefined ? remaining : Math.min(remaining, input.amountCents - (order.refundedCents - (input.refundedBeforeCents ?? 0)));
  if (due <= 0) return 0;
  await refundStoreOrder(db, { storeId: input.storeId, orderId: order.id, amountCents: due, now: input.now, providerFor: input.providerFor, ...(input.log ? { log: input.log } : {}) });
  await db.update(bookings).set({ refundReason: input.reason, updatedAt: input.now }).where(eq(bookings.id, input.bookingId));
  return due;
}

export const REFUND_LOST_BOOKING_KIND = 'refund-lost-booking';

/**
 * For the payment fulfilment, in its transaction: the order paid for a time that was lost (its hold
 * expired and someone else booked it). The booking row records the order and why, and a durable
 * job refunds the order once the order is committed (a provider cannot be asked inside it).
 */
export async function queueLostBookingRefund(tx: Executor, input: { storeId: string; checkoutId: string; orderId: string; now: Date }): Promise<void> {
  const [booking] = await tx
    .update(bookings)
    .set({ orderId: input.orderId, refundReason: 'hold-lost', updatedAt: input.now })
    .where(eq(bookings.checkoutId, input.checkoutId))
    .returning({ id: bookings.id });
  if (!booking) return;
  await enqueueJob(tx, REFUND_LOST_BOOKING_KIND, { storeId: input.storeId, orderId: input.orderId, bookingId: booking.id }, { idempotencyKey: input.orderId });
}

/** The job: refunds the lost booking's order (an order already refunded is left alone). */
export function createRefundLostBookingJob(deps: { db: Database } & Pick<RefundOrderOptions, 'providerFor'>): JobHandler {
  return {
    kind: REFUND_LOST_BOOKING_KIND,
    async run(job, ctx) {
      const payload = job.payload as { storeId: string; orderId: string; bookingId: string };
      try {
        await refundForBooking(deps.db, { ...payload, reason: 'hold-lost', now: ctx.now(), providerFor: deps.providerFor, log: ctx.log });
      } catch (error) {
        if (error instanceof AppError && error.message === COMMERCE_MESSAGES.alreadyRefunded) return;
        if (error instanceof AppError && error.code !== 'unavailable') throw new PermanentJobError(error.message);
        throw error;
      }
    },
  };
}

/**
 * The cancellation's retry (cancel-refund-retry.ts): refunds what the cancellation still owes, then queues
 * the cancellation's emails (their key makes them once, whoever queues them first). A provider
 * that is unavailable is retried with the runner's backoff; a refusal ends the job, emails sent.
 */
export function createCancelRefundRetryJob(deps: { db: Database } & Pick<RefundOrderOptions, 'providerFor'>): JobHandler {
  return {
    kind: CANCEL_REFUND_RETRY_KIND,
    async run(job, ctx) {
      const payload = job.payload as CancelRefundRetry;
      const [booking] = await deps.db.select().from(bookings).where(and(eq(bookings.id, payload.bookingId), eq(bookings.storeId, payload.storeId)));
      if (!booking || booking.status !== 'cancelled') throw new PermanentJobError('refund-cancelled-booking: the booking is not cancelled');
      try {
        await refundForBooking(deps.db, { ...payload, reason: 'cancelled', now: ctx.now(), providerFor: deps.providerFor, log: ctx.log });
      } catch (error) {
        const settled = error instanceof AppError && (error.message === COMMERCE_MESSAGES.alreadyRefunded || error.code !== 'unavailable');
        if (!settled) throw error;
        if (error.message !== COMMERCE_MESSAGES.alreadyRefunded) ctx.log.warn({ err: error, bookingId: booking.id }, 'cancelled booking: refund refused');
      }
      await queueCancelNotice(deps.db, booking, payload.orderId, ctx.now());
    },
  };
}

/** The jobs for the app's runner: only with payments configured (there is nothing to refund without). */
export function refundLostBookingJobs(deps: { db: Database; env: Partial<Pick<Env, 'publicUrl' | 'payments'>> }): JobHandler[] {
  const { payments } = deps.env;
  if (!payments) return [];
  const env = { publicUrl: deps.env.publicUrl ?? '', payments };
  const providerFor = (id: 'test' | 'stripe') => getPaymentProvider(env, id);
  return [createRefundLostBookingJob({ db: deps.db, providerFor }), createCancelRefundRetryJob({ db: deps.db, providerFor })];
}
