// Exports loadBookingEmailContext and callTimeText: what a booking email is written from.
import { eq } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Executor } from '#src/db/executor.ts';
import { bookings, callSettings, orders, products, storeAvailability, stores, users, type BookingRow, type CallSettingsRow } from '#src/db/schema/index.ts';
import { callLocationValue } from '../meeting-link.ts';
import type { CancelRefund } from './queue-booking-notices.ts';

export interface BookingEmailContext {
  booking: BookingRow;
  store: { name: string; slug: string; customDomain: string | null };
  productTitle: string;
  call: Pick<CallSettingsRow, 'locationKind' | 'locationValue' | 'intakeQuestions' | 'changeNoticeHours'>;
  creatorEmail: string;
  /** The zone the creator's emails and invites are written in: the availability's, else the store's. */
  creatorZone: string;
}

/** The booking with its store, product, call settings and creator; null once it is gone. */
export async function loadBookingEmailContext(db: Executor, bookingId: string): Promise<BookingEmailContext | null> {
  const [row] = await db
    .select({
      booking: bookings,
      store: { name: stores.name, slug: stores.slug, customDomain: stores.customDomain },
      storeZone: stores.timeZone,
      availabilityZone: storeAvailability.timeZone,
      productTitle: products.title,
      call: { locationKind: callSettings.locationKind, locationValue: callSettings.locationValue, intakeQuestions: callSettings.intakeQuestions, changeNoticeHours: callSettings.changeNoticeHours },
      creatorEmail: users.email,
    })
    .from(bookings)
    .innerJoin(stores, eq(stores.id, bookings.storeId))
    .innerJoin(users, eq(users.id, stores.creatorId))
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(callSettings, eq(callSettings.productId, bookings.productId))
    .leftJoin(storeAvailability, eq(storeAvailability.storeId, bookings.storeId))
    .where(eq(bookings.id, bookingId));
  if (!row) return null;
  const { storeZone, availabilityZone, ...rest } = row;
  // Emails and invites show the booking's own link where the call makes one per booking.
  const call = { ...rest.call, locationValue: callLocationValue(rest.call, rest.booking) };
  return { ...rest, call, creatorZone: availabilityZone ?? storeZone };
}

/**
 * A cancellation notice queued without its refund line (by an older version, which let the email
 * read the order when rendered): the order's payment and refunds now; null when nothing was paid.
 */
export async function orderRefund(db: Executor, booking: BookingRow): Promise<CancelRefund | null> {
  if (!booking.orderId) return null;
  const [order] = await db.select({ paidCents: orders.amountCents, refundedCents: orders.refundedCents, currency: orders.currency }).from(orders).where(eq(orders.id, booking.orderId));
  return order && order.paidCents > 0 ? order : null;
}

/** "Tuesday, June 4, 2030, 03:00–03:30 (America/New_York, EDT)": a call's time as its reader lives it. */
export function callTimeText(startsAt: Date, endsAt: Date, zone: string): string {
  const start = DateTime.fromJSDate(startsAt, { zone }).setLocale('en-US');
  const end = DateTime.fromJSDate(endsAt, { zone }).setLocale('en-US');
  return `${start.toFormat('cccc, LLLL d, yyyy, HH:mm')}–${end.toFormat('HH:mm')} (${zone}, ${start.toFormat('ZZZZ')})`;
}

/** One instant in the reader's zone: "June 3, 2030, 03:00 (America/New_York, EDT)". */
export function instantText(at: Date, zone: string): string {
  const local = DateTime.fromJSDate(at, { zone }).setLocale('en-US');
  return `${local.toFormat('LLLL d, yyyy, HH:mm')} (${zone}, ${local.toFormat('ZZZZ')})`;
}
