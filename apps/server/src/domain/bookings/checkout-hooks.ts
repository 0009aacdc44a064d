// Exports the checkout's hooks for a call: the booking it must carry, the time it holds, and the confirmation when paid.
import { AppError, CALL_SETTINGS_MESSAGES as M } from '@shopfront/core';
import type { Executor, Transaction } from '#src/db/executor.ts';
import type { CheckoutRow, ProductRow } from '#src/db/schema/index.ts';
import { queueLostBookingRefund } from './booking-refunds.ts';
import { confirmBookingForCheckout } from './confirm-booking.ts';
import { holdSlot } from './hold-slot.ts';

export interface CheckoutBooking {
  start: string;
  timeZone: string;
  answers: Record<string, string>;
}

/** A call is bought with the time chosen; any other product is refused one. */
export function assertCheckoutBooking(product: Pick<ProductRow, 'type'>, booking: CheckoutBooking | undefined): void {
  if (product.type === 'call' && !booking) throw new AppError('invalid-argument', M.bookingNeeded);
  if (product.type !== 'call' && booking) throw new AppError('invalid-argument', M.bookingNotForThisProduct);
}

/**
 * Writes the checkout and holds its time in one transaction: the hold lasts as long as the
 * checkout may be paid, and a time that is not offered or was just taken refuses the checkout
 * (nothing is written). `insert` answers undefined when a concurrent call with the same key won:
 * that checkout holds its own time.
 */
export async function insertWithHold(
  db: Executor,
  options: { booking: CheckoutBooking; now: Date },
  insert: (tx: Executor) => Promise<CheckoutRow | undefined>,
): Promise<CheckoutRow | undefined> {
  return db.transaction(async (tx) => {
    const checkout = await insert(tx);
    if (!checkout) return undefined;
    await holdSlot(tx, {
      storeId: checkout.storeId,
      productId: checkout.productId,
      startsAt: new Date(options.booking.start),
      buyerEmail: checkout.email,
      buyerName: checkout.name,
      buyerTimeZone: options.booking.timeZone,
      answers: options.booking.answers,
      checkoutId: checkout.id,
      holdExpiresAt: checkout.expiresAt,
      testMode: checkout.provider === 'test',
      now: options.now,
    });
    return checkout;
  });
}

/**
 * For fulfilPayment, in its transaction: the checkout's held time becomes the order's booking. A
 * time lost meanwhile (the hold expired and another buyer took it) never fails the payment: the
 * order is recorded and refunded by a durable job, and the booking row says why.
 */
export async function confirmCheckoutBooking(tx: Transaction, input: { storeId: string; checkoutId: string; orderId: string; customerId: string; now: Date }): Promise<void> {
  const outcome = await confirmBookingForCheckout(tx, input);
  if (outcome === 'lost') await queueLostBookingRefund(tx, input);
}
