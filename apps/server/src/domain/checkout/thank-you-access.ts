// Exports thankYouAccess: what a completed order of a call or a course shows on its thank-you page instead of files.
import { memberCoursePath, type ThankYouBooking } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { findOrderBooking } from '../bookings/order-booking.ts';

/**
 * A call's confirmed booking (its time in the buyer's zone, and the phone number or address; a
 * video link stays in the email and the members area) or a course's members-area path.
 */
export async function thankYouAccess(db: Executor, options: { orderId: string; product: { id: string; type: string } }): Promise<{ booking?: ThankYouBooking; coursePath?: string }> {
  if (options.product.type === 'course') return { coursePath: memberCoursePath(options.product.id) };
  if (options.product.type !== 'call') return {};
  const booking = await findOrderBooking(db, options.orderId);
  if (!booking) return {};
  const spoken = booking.locationKind === 'phone' || booking.locationKind === 'in-person';
  return {
    booking: {
      startsAt: booking.startsAt.toISOString(),
      endsAt: booking.endsAt.toISOString(),
      timeZone: booking.timeZone,
      locationKind: booking.locationKind,
      locationValue: spoken ? booking.locationValue : null,
    },
  };
}
