// Exports the ways a hold ends unpaid: at its expiry (a durable job, or the next hold of the
// store), and at once when its checkout fails.
import { and, eq, lte } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { bookings } from '#src/db/schema/index.ts';
import type { JobHandler } from '#src/jobs/types.ts';

export const RELEASE_BOOKING_HOLD_KIND = 'release-booking-hold';

/** Every expired hold of the store becomes `expired`, so its time is free again. Answers how many. */
export async function releaseExpiredHolds(db: Executor, options: { storeId: string; now: Date }): Promise<number> {
  const released = await db
    .update(bookings)
    .set({ status: 'expired', updatedAt: options.now })
    .where(and(eq(bookings.storeId, options.storeId), eq(bookings.status, 'held'), lte(bookings.holdExpiresAt, options.now)))
    .returning({ id: bookings.id });
  return released.length;
}

/** One hold, if it is still held and its expiry has come (a hold paid meanwhile is confirmed and left alone). */
export async function releaseHold(db: Executor, options: { bookingId: string; now: Date }): Promise<boolean> {
  const released = await db
    .update(bookings)
    .set({ status: 'expired', updatedAt: options.now })
    .where(and(eq(bookings.id, options.bookingId), eq(bookings.status, 'held'), lte(bookings.holdExpiresAt, options.now)))
    .returning({ id: bookings.id });
  return released.length > 0;
}

/**
 * The hold of a checkout that failed or expired, released now whatever its expiry says: the hook
 * for the checkout's own expiry or failure path (docs/bookings.md).
 */
export async function releaseHoldForCheckout(db: Executor, options: { checkoutId: string; now: Date }): Promise<boolean> {
  const released = await db
    .update(bookings)
    .set({ status: 'expired', updatedAt: options.now })
    .where(and(eq(bookings.checkoutId, options.checkoutId), eq(bookings.status, 'held')))
    .returning({ id: bookings.id });
  return released.length > 0;
}

/** The job queued with each hold, due at its expiry (decision 043). */
export function createReleaseBookingHoldJob(deps: { db: Executor }): JobHandler {
  return {
    kind: RELEASE_BOOKING_HOLD_KIND,
    async run(job, ctx) {
      const { bookingId } = job.payload as { bookingId: string };
      await releaseHold(deps.db, { bookingId, now: ctx.now() });
    },
  };
}
