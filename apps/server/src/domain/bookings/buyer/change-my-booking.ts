// Exports what a buyer changes from the members area: reschedule, cancel (refund per policy), book a package's next call.
import { AppError, CALL_SETTINGS_MESSAGES as M, MESSAGES, type MyBooking } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { callSettings, customers, orders, products } from '#src/db/schema/index.ts';
import type { RefundOrderOptions } from '#src/domain/orders/refund-store-order.ts';
import { cancelWithRefund } from '../booking-refunds.ts';
import { confirmBooking } from '../confirm-booking.ts';
import { holdSlot } from '../hold-slot.ts';
import { rescheduleBooking } from '../reschedule-booking.ts';
import { countPackageCalls, findMyBooking, packageClockNow, packageValidUntil } from './my-bookings.ts';

interface Mine {
  storeId: string;
  customerId: string;
  bookingId: string;
  now: Date;
}

/** Within the product's change notice, to a time it offers; another customer's booking answers 404. */
export async function rescheduleMyBooking(db: Database, input: Mine & { startsAt: Date }): Promise<MyBooking> {
  await findMyBooking(db, input);
  await rescheduleBooking(db, { ...input, by: 'buyer' });
  return findMyBooking(db, input);
}

/** Within the change notice; the order is refunded when the product's policy says `full` (never one call of a package). */
export async function cancelMyBooking(db: Database, input: Mine & Pick<RefundOrderOptions, 'providerFor' | 'log'>): Promise<{ booking: MyBooking; refundedCents: number }> {
  await findMyBooking(db, input);
  const { refundedCents } = await cancelWithRefund(db, { ...input, by: 'buyer', refund: 'policy' });
  return { booking: await findMyBooking(db, input), refundedCents };
}

/** A short hold, confirmed at once in the same transaction: nobody pays, the order already did. */
const PACKAGE_HOLD_MS = 5 * 60_000;

/**
 * One more call of a package the customer bought: the order (locked, so two requests cannot book
 * past the package's size) must be theirs, paid, of a package call, within its validity (on the
 * store's test clock for a test-mode order), with calls
 * left; the time goes through the same hold (and the same no-overlap guarantee) as a checkout's.
 */
export async function bookMyPackageSession(
  db: Database,
  input: { storeId: string; customerId: string; orderId: string; booking: { start: string; timeZone: string; answers: Record<string, string> }; now: Date },
): Promise<MyBooking> {
  const bookingId = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ order: orders, customer: { email: customers.email, name: customers.name }, settings: callSettings, type: products.type })
      .from(orders)
      .innerJoin(customers, eq(customers.id, orders.customerId))
      .innerJoin(products, eq(products.id, orders.productId))
      .innerJoin(callSettings, eq(callSettings.productId, orders.productId))
      .where(and(eq(orders.id, input.orderId), eq(orders.storeId, input.storeId), eq(orders.customerId, input.customerId)))
      .for('update', { of: orders });
    if (!found || found.type !== 'call' || found.settings.packageSize < 2) throw new AppError('not-found', MESSAGES.generic.notFound);
    const validUntil = packageValidUntil(found.order, found.settings.packageValidityDays);
    const clockNow = await packageClockNow(tx, found.order, input.now);
    if (found.order.status !== 'paid' || clockNow >= validUntil) throw new AppError('failed-precondition', M.packageExpired);
    if ((await countPackageCalls(tx, found.order.id)) >= found.settings.packageSize) throw new AppError('failed-precondition', M.noSessionsLeft);
    const held = await holdSlot(tx, {
      storeId: input.storeId,
      productId: found.order.productId,
      startsAt: new Date(input.booking.start),
      buyerEmail: found.customer.email,
      buyerName: found.customer.name,
      buyerTimeZone: input.booking.timeZone,
      answers: input.booking.answers,
      holdExpiresAt: new Date(input.now.getTime() + PACKAGE_HOLD_MS),
      testMode: found.order.provider === 'test',
      now: input.now,
    });
    await confirmBooking(tx, { storeId: input.storeId, bookingId: held.id, orderId: found.order.id, customerId: input.customerId, now: input.now });
    return held.id;
  });
  return findMyBooking(db, { ...input, bookingId });
}
