import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { bookings, orders } from '#src/db/schema/index.ts';
import { seedAvailability, seedCallProduct } from '#src/testing/bookings.ts';
import { seedCustomer, seedOrder, seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import { cancelBooking, markNoShow } from './cancel-booking.ts';
import { confirmBooking, confirmBookingForCheckout } from './confirm-booking.ts';
import { holdSlot } from './hold-slot.ts';
import { releaseHoldForCheckout } from './release-holds.ts';
import { rescheduleBooking } from './reschedule-booking.ts';
import { refusal } from '#src/testing/refusal.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NOW = new Date('2030-06-03T06:00:00.000Z');
/** Tuesday 2030-06-04 + `weeks`, at `utc` (Berlin is UTC+2 in summer: 07:00 UTC is 09:00 there). */
const tuesday = (weeks: number, utc = '07:00') => new Date(new Date(`2030-06-04T${utc}:00.000Z`).getTime() + weeks * 7 * 24 * HOUR);

describe('confirming, cancelling and rescheduling bookings', () => {
  let t: TestApp;
  let a: SeededStore;
  let b: SeededStore;
  let call: string;
  let otherCall: string;
  let order: { id: string; checkoutId: string };
  let buyer: { id: string };

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = [await seedStore(t), await seedStore(t)];
    call = await seedCallProduct(t, a.id, { changeNoticeHours: 24 });
    otherCall = await seedCallProduct(t, a.id);
    await seedAvailability(t, a.id);
    buyer = await seedCustomer(t, a.id);
    const seeded = await seedOrder(t, { storeId: a.id, productId: call, customerId: buyer.id });
    const [row] = await t.db.select({ checkoutId: orders.checkoutId }).from(orders).where(eq(orders.id, seeded.id));
    order = { id: seeded.id, checkoutId: row!.checkoutId };
  });
  afterAll(() => t?.close());

  const hold = (startsAt: Date, options: { productId?: string; checkoutId?: string; expiresAt?: Date; now?: Date } = {}) =>
    holdSlot(t.db, { storeId: a.id, productId: options.productId ?? call, startsAt, buyerEmail: 'buyer@example.com', buyerTimeZone: 'America/New_York', checkoutId: options.checkoutId ?? null, holdExpiresAt: options.expiresAt ?? new Date(NOW.getTime() + 30 * MINUTE), now: options.now ?? NOW });
  const booked = async (startsAt: Date) => {
    const held = await hold(startsAt);
    const seeded = await seedOrder(t, { storeId: a.id, productId: call, customerId: buyer.id });
    return confirmBooking(t.db, { storeId: a.id, bookingId: held.id, orderId: seeded.id, customerId: buyer.id, now: NOW });
  };

  it('confirms a hold once: the same order again answers the same booking; another store’s id answers like none', async () => {
    const held = await hold(tuesday(0));
    const first = await confirmBooking(t.db, { storeId: a.id, bookingId: held.id, orderId: order.id, customerId: buyer.id, now: NOW });
    expect(first).toMatchObject({ status: 'confirmed', orderId: order.id, customerId: buyer.id });
    expect(await confirmBooking(t.db, { storeId: a.id, bookingId: held.id, orderId: order.id, now: NOW })).toEqual(first);
    const notFound = { code: 'not-found', message: MESSAGES.generic.notFound };
    expect(await refusal(confirmBooking(t.db, { storeId: b.id, bookingId: held.id, orderId: order.id, now: NOW }))).toEqual(notFound);
    expect(await refusal(confirmBooking(t.db, { storeId: a.id, bookingId: newId('bkg'), orderId: order.id, now: NOW }))).toEqual(notFound);
  });

  it('confirms a hold whose payment came after expiry while its time is free, and reports it lost once taken', async () => {
    const expiresAt = new Date(NOW.getTime() + 10 * MINUTE);
    const late = await hold(tuesday(1), { expiresAt });
    const afterExpiry = new Date(expiresAt.getTime() + MINUTE);
    expect((await confirmBooking(t.db, { storeId: a.id, bookingId: late.id, orderId: order.id, now: afterExpiry })).status).toBe('confirmed');

    const lost = await hold(tuesday(1, '07:45'), { expiresAt });
    await hold(tuesday(1, '07:45'), { productId: otherCall, now: afterExpiry, expiresAt: new Date(afterExpiry.getTime() + 30 * MINUTE) });
    expect(await refusal(confirmBooking(t.db, { storeId: a.id, bookingId: lost.id, orderId: order.id, now: afterExpiry }))).toEqual({ code: 'failed-precondition', message: BOOKING_MESSAGES.holdLost });
  });

  it('confirms the hold of a paid checkout inside the payment’s transaction, and a lost one never aborts it', async () => {
    const seeded = await seedOrder(t, { storeId: a.id, productId: call, customerId: buyer.id });
    const [row] = await t.db.select({ checkoutId: orders.checkoutId }).from(orders).where(eq(orders.id, seeded.id));
    const expiresAt = new Date(NOW.getTime() + 10 * MINUTE);
    const held = await hold(tuesday(2), { checkoutId: row!.checkoutId, expiresAt });
    const afterExpiry = new Date(expiresAt.getTime() + MINUTE);
    await hold(tuesday(2), { productId: otherCall, now: afterExpiry, expiresAt: new Date(afterExpiry.getTime() + HOUR) });
    const outcome = await t.db.transaction(async (tx) => {
      const result = await confirmBookingForCheckout(tx, { checkoutId: row!.checkoutId, orderId: seeded.id, now: afterExpiry });
      // The transaction still works after the refused update (a savepoint took it).
      await tx.update(orders).set({ updatedAt: afterExpiry }).where(eq(orders.id, seeded.id));
      return result;
    });
    expect(outcome).toBe('lost');
    expect((await t.db.select().from(bookings).where(eq(bookings.id, held.id)))[0]?.status).toBe('expired');
    expect(await t.db.transaction((tx) => confirmBookingForCheckout(tx, { checkoutId: newId('chk'), orderId: seeded.id, now: NOW }))).toBe('none');
  });

  it('releases the hold of a failed checkout at once, before its expiry', async () => {
    const seeded = await seedOrder(t, { storeId: a.id, productId: call, customerId: buyer.id });
    const [row] = await t.db.select({ checkoutId: orders.checkoutId }).from(orders).where(eq(orders.id, seeded.id));
    const held = await hold(tuesday(3), { checkoutId: row!.checkoutId });
    expect(await releaseHoldForCheckout(t.db, { checkoutId: row!.checkoutId, now: NOW })).toBe(true);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, held.id)))[0]?.status).toBe('expired');
    expect((await hold(tuesday(3), { productId: otherCall })).status).toBe('held');
  });

  it('lets the buyer cancel until 24 hours before, not a millisecond later; the creator later; the time comes free', async () => {
    const early = await booked(tuesday(4));
    const limit = new Date(early.startsAt.getTime() - 24 * HOUR);
    const { booking: cancelled } = await cancelBooking(t.db, { storeId: a.id, bookingId: early.id, by: 'buyer', now: limit });
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelledBy: 'buyer', sequence: early.sequence + 1, cancelledAt: limit });
    expect((await hold(tuesday(4), { productId: otherCall })).status).toBe('held');

    const late = await booked(tuesday(4, '08:30'));
    const tooLate = new Date(late.startsAt.getTime() - 24 * HOUR + 1);
    expect(await refusal(cancelBooking(t.db, { storeId: a.id, bookingId: late.id, by: 'buyer', now: tooLate }))).toEqual({ code: 'failed-precondition', message: BOOKING_MESSAGES.tooLateToChange(24) });
    expect((await cancelBooking(t.db, { storeId: a.id, bookingId: late.id, by: 'creator', now: tooLate })).booking.status).toBe('cancelled');
    expect(await refusal(cancelBooking(t.db, { storeId: a.id, bookingId: late.id, by: 'creator', now: tooLate }))).toEqual({ code: 'failed-precondition', message: BOOKING_MESSAGES.notConfirmed });
    expect(await refusal(cancelBooking(t.db, { storeId: b.id, bookingId: late.id, by: 'creator', now: NOW }))).toEqual({ code: 'not-found', message: MESSAGES.generic.notFound });
  });

  it('reschedules in place (same id, sequence up) to an offered, free time only, within the policy', async () => {
    const booking = await booked(tuesday(5));
    const moved = await rescheduleBooking(t.db, { storeId: a.id, bookingId: booking.id, startsAt: tuesday(5, '08:30'), by: 'buyer', now: NOW });
    expect(moved).toMatchObject({ id: booking.id, startsAt: tuesday(5, '08:30'), endsAt: tuesday(5, '09:00'), blockedUntil: tuesday(5, '09:15'), sequence: booking.sequence + 1, status: 'confirmed' });
    // Its old time is free again; its own time counts as free for itself.
    expect((await hold(tuesday(5), { productId: otherCall })).status).toBe('held');
    expect((await rescheduleBooking(t.db, { storeId: a.id, bookingId: booking.id, startsAt: tuesday(5, '08:30'), by: 'buyer', now: NOW })).sequence).toBe(booking.sequence + 2);
    const notOffered = { code: 'failed-precondition', message: BOOKING_MESSAGES.slotNotOffered };
    expect(await refusal(rescheduleBooking(t.db, { storeId: a.id, bookingId: booking.id, startsAt: tuesday(5), by: 'buyer', now: NOW }))).toEqual(notOffered);
    expect(await refusal(rescheduleBooking(t.db, { storeId: a.id, bookingId: booking.id, startsAt: tuesday(5, '08:40'), by: 'buyer', now: NOW }))).toEqual(notOffered);
    const limit = new Date(tuesday(5, '08:30').getTime() - 24 * HOUR);
    expect((await rescheduleBooking(t.db, { storeId: a.id, bookingId: booking.id, startsAt: tuesday(5, '07:45'), by: 'buyer', now: limit })).startsAt).toEqual(tuesday(5, '07:45'));
    expect(await refusal(rescheduleBooking(t.db, { storeId: a.id, bookingId: booking.id, startsAt: tuesday(5, '08:30'), by: 'buyer', now: new Date(tuesday(5, '07:45').getTime() - 24 * HOUR + 1) }))).toEqual({ code: 'failed-precondition', message: BOOKING_MESSAGES.tooLateToChange(24) });
    expect(await refusal(rescheduleBooking(t.db, { storeId: b.id, bookingId: booking.id, startsAt: tuesday(5, '08:30'), by: 'creator', now: NOW }))).toEqual({ code: 'not-found', message: MESSAGES.generic.notFound });
  });

  it('marks a no-show only once the call has started', async () => {
    const booking = await booked(tuesday(6));
    expect(await refusal(markNoShow(t.db, { storeId: a.id, bookingId: booking.id, now: new Date(booking.startsAt.getTime() - 1) }))).toEqual({ code: 'failed-precondition', message: BOOKING_MESSAGES.notStarted });
    expect((await markNoShow(t.db, { storeId: a.id, bookingId: booking.id, now: booking.startsAt })).status).toBe('no_show');
  });
});
