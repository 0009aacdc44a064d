// Exports the members area's bookings: the customer's list and open packages, and the view of one booking.
import { AppError, BOOKING_LIMITS, MESSAGES, type MyBooking, type MyCallPackage } from '@shopfront/core';
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { bookings, callSettings, orders, products, type BookingRow, type CallSettingsRow, type OrderRow } from '#src/db/schema/index.ts';
import { testClockNow } from '#src/domain/test-clock/read-test-clock.ts';
import { callLocationValue } from '../meeting-link.ts';
import { policyRefundCents, refundTiersOf } from '../refund-policy.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** What the members area lists: unpaid holds and expired ones are not bookings yet. */
const SHOWN = ['confirmed', 'cancelled', 'no_show'] as const;
/** The calls of a package that count against its size. */
export const COUNTED = ['held', 'confirmed', 'no_show'] as const;

type Call = Pick<
  CallSettingsRow,
  'locationKind' | 'locationValue' | 'changeNoticeHours' | 'refundOnCancel' | 'refundFullHours' | 'refundPartialPercent' | 'refundNoneHours' | 'packageSize'
>;
type PaidOrder = Pick<OrderRow, 'amountCents' | 'refundedCents' | 'currency' | 'status'>;

/**
 * One booking as its buyer sees it: a video link (the call's, or the booking's own once the
 * creator made it) only from BOOKING_LIMITS.joinLinkMinutesBefore
 * before the start until the end (a phone number or address always), until when it may
 * still be changed, and what cancelling it now refunds.
 */
export function myBookingView(booking: BookingRow, productTitle: string, call: Call, order: PaidOrder | null, now: Date): MyBooking {
  const joinOpensAt = new Date(booking.startsAt.getTime() - BOOKING_LIMITS.joinLinkMinutesBefore * MINUTE);
  const linkOpen = now >= joinOpensAt && now < booking.endsAt;
  const isLink = call.locationKind === 'video-url' || call.locationKind === 'per-booking-link';
  const changeableUntil = new Date(booking.startsAt.getTime() - call.changeNoticeHours * 3_600_000);
  const changeable = booking.status === 'confirmed' && now <= changeableUntil;
  return {
    id: booking.id,
    productId: booking.productId,
    productTitle,
    status: booking.status,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    timeZone: booking.buyerTimeZone,
    locationKind: call.locationKind,
    locationValue: isLink && !linkOpen ? null : callLocationValue(call, booking),
    joinOpensAt: joinOpensAt.toISOString(),
    changeableUntil: changeable ? changeableUntil.toISOString() : null,
    refundOnCancel: call.refundOnCancel,
    refundTiers: refundTiersOf(call),
    cancelRefund:
      changeable && order && order.amountCents > 0 && order.status !== 'refunded' && call.packageSize === 1
        ? { amountCents: policyRefundCents(call, order, booking.startsAt, now), paidCents: order.amountCents, currency: order.currency }
        : null,
    orderId: booking.orderId,
  };
}

const viewColumns = {
  booking: bookings,
  productTitle: products.title,
  call: {
    locationKind: callSettings.locationKind,
    locationValue: callSettings.locationValue,
    changeNoticeHours: callSettings.changeNoticeHours,
    refundOnCancel: callSettings.refundOnCancel,
    refundFullHours: callSettings.refundFullHours,
    refundPartialPercent: callSettings.refundPartialPercent,
    refundNoneHours: callSettings.refundNoneHours,
    packageSize: callSettings.packageSize,
  },
  order: { amountCents: orders.amountCents, refundedCents: orders.refundedCents, currency: orders.currency, status: orders.status },
};

/** The customer's booking of this store, or 404 (another customer's or store's answers the same). */
export async function findMyBooking(db: Executor, input: { storeId: string; customerId: string; bookingId: string; now: Date }): Promise<MyBooking> {
  const [row] = await db
    .select(viewColumns)
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(callSettings, eq(callSettings.productId, bookings.productId))
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .where(and(eq(bookings.id, input.bookingId), eq(bookings.storeId, input.storeId), eq(bookings.customerId, input.customerId), inArray(bookings.status, [...SHOWN])));
  if (!row) throw new AppError('not-found', MESSAGES.generic.notFound);
  return myBookingView(row.booking, row.productTitle, row.call, row.order, input.now);
}

/** Confirmed calls soonest first, then the others latest first; and the packages with calls left to book. */
export async function listMyBookings(db: Executor, input: { storeId: string; customerId: string; now: Date }): Promise<{ bookings: MyBooking[]; packages: MyCallPackage[] }> {
  const rows = await db
    .select(viewColumns)
    .from(bookings)
    .innerJoin(products, eq(products.id, bookings.productId))
    .innerJoin(callSettings, eq(callSettings.productId, bookings.productId))
    .leftJoin(orders, eq(orders.id, bookings.orderId))
    .where(and(eq(bookings.storeId, input.storeId), eq(bookings.customerId, input.customerId), inArray(bookings.status, [...SHOWN])))
    .limit(500);
  const views = rows.map((row) => myBookingView(row.booking, row.productTitle, row.call, row.order, input.now));
  const upcoming = views.filter((view) => view.status === 'confirmed' && new Date(view.endsAt) > input.now).sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  const rest = views.filter((view) => !upcoming.includes(view)).sort((a, b) => b.startsAt.localeCompare(a.startsAt));
  return { bookings: [...upcoming, ...rest], packages: await openPackages(db, input) };
}

/** Paid orders of a package call, within their validity, with calls left. */
async function openPackages(db: Executor, input: { storeId: string; customerId: string; now: Date }): Promise<MyCallPackage[]> {
  const rows = await db
    .select({ order: orders, productTitle: products.title, packageSize: callSettings.packageSize, validityDays: callSettings.packageValidityDays })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(callSettings, eq(callSettings.productId, orders.productId))
    .where(and(eq(orders.storeId, input.storeId), eq(orders.customerId, input.customerId), eq(orders.status, 'paid'), gt(callSettings.packageSize, 1)));
  const packages: MyCallPackage[] = [];
  for (const row of rows) {
    const validUntil = packageValidUntil(row.order, row.validityDays);
    if (validUntil <= (await packageClockNow(db, row.order, input.now))) continue;
    const used = await countPackageCalls(db, row.order.id);
    if (used >= row.packageSize) continue;
    packages.push({ orderId: row.order.id, productId: row.order.productId, productTitle: row.productTitle, sessionsLeft: row.packageSize - used, packageSize: row.packageSize, validUntil: validUntil.toISOString() });
  }
  return packages;
}

/** The end of a package's validity: its days counted from the order. */
export function packageValidUntil(order: Pick<OrderRow, 'createdAt'>, validityDays: number | null): Date {
  return new Date(order.createdAt.getTime() + (validityDays ?? 0) * DAY);
}

/**
 * "Now" for a package's validity: the store's test clock for a test-mode order (paid with the
 * built-in test provider, decision 035), as its reminders follow; real time otherwise.
 */
export async function packageClockNow(db: Executor, order: Pick<OrderRow, 'provider' | 'storeId'>, now: Date): Promise<Date> {
  return order.provider === 'test' ? testClockNow(db, { storeId: order.storeId, now }) : now;
}

export async function countPackageCalls(db: Executor, orderId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(bookings).where(and(eq(bookings.orderId, orderId), inArray(bookings.status, [...COUNTED])));
  return row?.n ?? 0;
}
