import { BOOKING_LIMITS, CALL_SETTINGS_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bookings, checkouts, orderRefunds, orders } from '#src/db/schema/index.ts';
import { BOOKING_MESSAGES } from '#src/domain/bookings/booking-messages.ts';
import { errorOf } from '#src/testing/call-function.ts';
import { checkoutCall, insertProduct, payWithCard } from '#src/testing/checkout.ts';
import { bookCall, bookingsOf, callShopSuite, MONDAY, paidCall, publishedCall, runLostBookingRefunds } from '#src/testing/booking-checkouts.ts';

const QUESTIONS = [
  { id: 'goal', label: 'What do you want from the call?', kind: 'long-text' as const, required: true },
  { id: 'site', label: 'Your website', kind: 'short-text' as const, required: false },
];

describe('createCheckout and fulfilment for a call', () => {
  const s = callShopSuite();

  it('holds the time with the checkout for its 35 minutes, and paying confirms it for the order', async () => {
    const productId = await publishedCall(s.t, s.shop);
    const response = await bookCall(s.t, s.shop, productId, MONDAY[0]);
    expect(response.statusCode).toBe(200);
    const { checkoutId } = (response.json() as { result: { checkoutId: string } }).result;
    const [checkout] = await s.t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(checkout!.expiresAt.getTime() - s.clock.now().getTime()).toBe(BOOKING_LIMITS.checkoutHoldMinutes * 60_000);
    const [held] = await s.t.db.select().from(bookings).where(eq(bookings.checkoutId, checkoutId));
    expect(held).toMatchObject({ status: 'held', startsAt: new Date(MONDAY[0]), buyerTimeZone: 'America/New_York', holdExpiresAt: checkout!.expiresAt, testMode: true });
    await payWithCard(s.t, checkoutId, '4242 4242 4242 4242');
    const [order] = await s.t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    const [booked] = await s.t.db.select().from(bookings).where(eq(bookings.checkoutId, checkoutId));
    expect(booked).toMatchObject({ status: 'confirmed', orderId: order!.id, customerId: order!.customerId });
  });

  it('a call needs its booking, and any other product refuses one; nothing is written', async () => {
    const productId = await publishedCall(s.t, s.shop);
    const download = await insertProduct(s.t, s.shop.storeId);
    const before = (await s.t.db.select().from(checkouts)).length;
    const missing = await checkoutCall(s.t, { storeId: s.shop.storeId, productId });
    expect([missing.statusCode, errorOf(missing).message]).toEqual([400, CALL_SETTINGS_MESSAGES.bookingNeeded]);
    const extra = await bookCall(s.t, s.shop, download.id, MONDAY[1]);
    expect([extra.statusCode, errorOf(extra).message]).toEqual([400, CALL_SETTINGS_MESSAGES.bookingNotForThisProduct]);
    expect((await s.t.db.select().from(checkouts)).length).toBe(before);
  });

  it('answers are checked against the questions: required ones, and 2000 characters at most', async () => {
    const productId = await publishedCall(s.t, s.shop, { intakeQuestions: QUESTIONS });
    const withAnswers = (answers: Record<string, string>) => bookCall(s.t, s.shop, productId, MONDAY[2], { booking: { start: MONDAY[2], timeZone: 'Europe/London', answers } });
    const unanswered = await withAnswers({ site: 'ada.example' });
    expect([unanswered.statusCode, errorOf(unanswered).message]).toEqual([400, BOOKING_MESSAGES.answerRequired(QUESTIONS[0]!.label)]);
    const tooLong = await withAnswers({ goal: 'x'.repeat(BOOKING_LIMITS.answerMax + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(await bookingsOf(s.t, s.shop.storeId)).not.toContainEqual(expect.objectContaining({ productId }));
    const longest = await withAnswers({ goal: 'x'.repeat(BOOKING_LIMITS.answerMax), other: 'dropped' });
    expect(longest.statusCode).toBe(200);
    const [held] = (await bookingsOf(s.t, s.shop.storeId)).filter((row) => row.productId === productId);
    expect(held?.answers).toEqual({ goal: 'x'.repeat(BOOKING_LIMITS.answerMax) });
  });

  it('a time not offered refuses the checkout with the hold’s message', async () => {
    const productId = await publishedCall(s.t, s.shop);
    const response = await bookCall(s.t, s.shop, productId, '2030-06-03T07:10:00.000Z');
    expect([response.statusCode, errorOf(response).message]).toEqual([400, BOOKING_MESSAGES.slotNotOffered]);
  });

  it('a free call books through the free order at once', async () => {
    const productId = await publishedCall(s.t, s.shop, {}, { priceMode: 'free', priceCents: 0 });
    const response = await bookCall(s.t, s.shop, productId, MONDAY[3], { email: 'free-call@example.com' });
    const { orderId } = (response.json() as { result: { orderId: string } }).result;
    expect(orderId).toMatch(/^ord_/);
    const [booking] = await s.t.db.select().from(bookings).where(eq(bookings.orderId, orderId));
    expect(booking).toMatchObject({ status: 'confirmed', startsAt: new Date(MONDAY[3]), buyerEmail: 'free-call@example.com' });
  });
});

describe('two buyers, two call products, one last time', () => {
  const s = callShopSuite();

  it('exactly one checkout holds the time; the other is refused and leaves no checkout', async () => {
    const [first, second] = [await publishedCall(s.t, s.shop), await publishedCall(s.t, s.shop)];
    const answers = await Promise.all([
      bookCall(s.t, s.shop, first, MONDAY[1], { email: 'one@example.com' }),
      bookCall(s.t, s.shop, second, MONDAY[1], { email: 'two@example.com' }),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    const loser = answers.find((answer) => answer.statusCode !== 200)!;
    expect([400, 409]).toContain(loser.statusCode);
    expect([BOOKING_MESSAGES.slotTaken, BOOKING_MESSAGES.slotNotOffered]).toContain(errorOf(loser).message);
    const held = (await bookingsOf(s.t, s.shop.storeId)).filter((row) => row.status === 'held' || row.status === 'confirmed');
    expect(held).toHaveLength(1);
    expect(await s.t.db.select().from(checkouts).where(eq(checkouts.storeId, s.shop.storeId))).toHaveLength(1);
  });
});

describe('a payment for a time lost after its hold expired', () => {
  const s = callShopSuite();

  it('records the order, refunds it in full through its provider, and the booking says why', async () => {
    const productId = await publishedCall(s.t, s.shop);
    const late = await bookCall(s.t, s.shop, productId, MONDAY[2], { email: 'late@example.com' });
    const { checkoutId } = (late.json() as { result: { checkoutId: string } }).result;
    // The checkout closes unpaid; another buyer takes the time.
    s.clock.advance(BOOKING_LIMITS.checkoutHoldMinutes * 60_000);
    const rival = await paidCall(s.t, s.shop, productId, MONDAY[2], { email: 'rival@example.com' });
    // The first payment still arrives (a provider's late event): the test provider pays open checkouts only, so it is marked open again.
    await s.t.db.update(checkouts).set({ expiresAt: new Date(s.clock.now().getTime() + 60_000) }).where(eq(checkouts.id, checkoutId));
    const paid = await payWithCard(s.t, checkoutId, '4242 4242 4242 4242');
    expect(paid.statusCode).toBeLessThan(400);
    const [order] = await s.t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
    expect(order).toMatchObject({ status: 'paid', amountCents: 5000 });
    const [lost] = await s.t.db.select().from(bookings).where(eq(bookings.checkoutId, checkoutId));
    expect(lost).toMatchObject({ status: 'expired', orderId: order!.id, refundReason: 'hold-lost' });

    expect(await runLostBookingRefunds(s.t, s.clock.now)).toBe(1);
    const [refunded] = await s.t.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(refunded).toMatchObject({ status: 'refunded', refundedCents: 5000 });
    expect(await s.t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order!.id))).toHaveLength(1);
    // The rival keeps the time, and a second run refunds nothing more.
    const [kept] = await s.t.db.select().from(bookings).where(eq(bookings.id, rival.bookingId));
    expect(kept?.status).toBe('confirmed');
    expect(await runLostBookingRefunds(s.t, s.clock.now)).toBe(0);
  });
});
