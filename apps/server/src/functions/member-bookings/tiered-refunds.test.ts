import type { MyBooking } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#src/db/schema/index.ts';
import { refundLostBookingJobs } from '#src/domain/bookings/booking-refunds.ts';
import { cancelBooking } from '#src/domain/bookings/cancel-booking.ts';
import { CANCEL_REFUND_RETRY_KIND, CANCEL_REFUND_RETRY_MS } from '#src/domain/bookings/cancel-refund-retry.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { signedInMember, type TestMember } from '#src/testing/affiliate-accounts.ts';
import { bookingEmailsTo, bookingJobRunner } from '#src/testing/booking-emails.ts';
import { callShop, NOW, paidCall, publishedCall, type CallShop } from '#src/testing/booking-checkouts.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const ok = async <T>(reply: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> => {
  const response = await reply;
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return (response.json() as { result: T }).result;
};
const HOUR = 3_600_000;
/** Friday 2030-06-07's four calls (09:00–11:15 in Berlin). */
const FRIDAY = ['2030-06-07T07:00:00.000Z', '2030-06-07T07:45:00.000Z', '2030-06-07T08:30:00.000Z', '2030-06-07T09:15:00.000Z'] as const;
const THURSDAY = '2030-06-06T07:00:00.000Z';
/** A full refund until 48 h before, 50 % until 24 h before, nothing after; the buyer may cancel until 12 h before. */
const TIERED = { refundOnCancel: 'tiered' as const, refundFullHours: 48, refundPartialPercent: 50, refundNoneHours: 24, changeNoticeHours: 12 };
const PRICE = 1999;
const HALF = 999; // 50 % of $19.99, rounded down to the cent

describe('a tiered refund policy, on the buyer’s cancellations', () => {
  const clock = manualClock(new Date(NOW));
  let t: TestApp;
  let shop: CallShop;
  let ada: TestMember;
  let call: string;
  const as = (who: TestMember) => (name: string, data: Record<string, unknown>) => callFunction(t.app, name, { storeId: shop.storeId, ...data }, { as: who });
  const at = (start: string, offset: number) => clock.set(new Date(Date.parse(start) + offset));
  const orderOf = async (orderId: string) => (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0];
  const runRetries = async () => {
    const runner = createJobRunner({ db: t.db, handlers: refundLostBookingJobs({ db: t.db, env: t.env }), log: silentLog, now: clock.now, kinds: { only: [CANCEL_REFUND_RETRY_KIND] } });
    while ((await runner.runDue()) > 0);
  };

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    shop = await callShop(t, clock.now());
    ada = await signedInMember(t, shop.storeId, { email: 'ada@example.com', now: clock.now() });
    call = await publishedCall(t, shop, TIERED, { priceCents: PRICE });
  });
  afterAll(() => t?.close());

  it('the members area says what cancelling now refunds, on both sides of each tier’s limit', async () => {
    const { bookingId } = await paidCall(t, shop, call, FRIDAY[0], { email: 'ada@example.com' });
    const refundNow = async () => (await ok<{ bookings: MyBooking[] }>(as(ada)('listMyBookings', {}))).bookings.find((booking) => booking.id === bookingId)!;
    at(FRIDAY[0], -48 * HOUR);
    expect(await refundNow()).toMatchObject({ refundOnCancel: 'tiered', refundTiers: { fullHours: 48, partialPercent: 50, noneHours: 24 }, cancelRefund: { amountCents: PRICE, paidCents: PRICE, currency: 'USD' } });
    at(FRIDAY[0], -48 * HOUR + 1);
    expect((await refundNow()).cancelRefund).toEqual({ amountCents: HALF, paidCents: PRICE, currency: 'USD' });
    at(FRIDAY[0], -24 * HOUR);
    expect((await refundNow()).cancelRefund?.amountCents).toBe(HALF);
    at(FRIDAY[0], -24 * HOUR + 1);
    expect((await refundNow()).cancelRefund?.amountCents).toBe(0);
    // Past the change notice the buyer cannot cancel: nothing is offered.
    at(FRIDAY[0], -12 * HOUR + 1);
    expect((await refundNow()).cancelRefund).toBeNull();
    clock.set(new Date(NOW));
  });

  it('cancelling refunds all, half or nothing by the moment, the email says how much, and the retry adds nothing', async () => {
    const full = await paidCall(t, shop, call, FRIDAY[1], { email: 'ada@example.com' });
    const half = await paidCall(t, shop, call, FRIDAY[2], { email: 'ada@example.com' });
    const lastHalf = await paidCall(t, shop, call, FRIDAY[3], { email: 'ada@example.com' });
    const none = await paidCall(t, shop, call, THURSDAY, { email: 'ada@example.com' });
    const cancel = (bookingId: string) => ok<{ refundedCents: number }>(as(ada)('cancelMyBooking', { bookingId }));

    at(FRIDAY[1], -48 * HOUR);
    expect(await cancel(full.bookingId)).toMatchObject({ refundedCents: PRICE });
    at(FRIDAY[2], -48 * HOUR + 1);
    expect(await cancel(half.bookingId)).toMatchObject({ refundedCents: HALF });
    at(FRIDAY[3], -24 * HOUR);
    expect(await cancel(lastHalf.bookingId)).toMatchObject({ refundedCents: HALF });
    at(THURSDAY, -24 * HOUR + 1);
    expect(await cancel(none.bookingId)).toMatchObject({ refundedCents: 0 });

    expect(await orderOf(full.orderId)).toMatchObject({ status: 'refunded', refundedCents: PRICE });
    expect(await orderOf(half.orderId)).toMatchObject({ status: 'paid', refundedCents: HALF });
    expect(await orderOf(none.orderId)).toMatchObject({ status: 'paid', refundedCents: 0 });

    const runner = bookingJobRunner(t, clock.now);
    while ((await runner.runDue()) > 0);
    const texts = (await bookingEmailsTo(t, 'ada@example.com', 'Cancelled:')).map((email) => email.text);
    expect(texts.filter((text) => text.includes('Your payment of $19.99 was refunded.'))).toHaveLength(1);
    expect(texts.filter((text) => text.includes('$9.99 of your $19.99 payment was refunded.'))).toHaveLength(2);
    expect(texts.filter((text) => text.includes('No refund was made.'))).toHaveLength(1);

    // The durable retries queued with each cancellation find their amounts refunded already.
    at(FRIDAY[3], -24 * HOUR + CANCEL_REFUND_RETRY_MS + 60_000);
    await runRetries();
    expect(await orderOf(half.orderId)).toMatchObject({ status: 'paid', refundedCents: HALF });
    expect(await orderOf(lastHalf.orderId)).toMatchObject({ status: 'paid', refundedCents: HALF });
    clock.set(new Date(NOW));
  });

  it('a cancellation whose refund never ran is refunded the policy’s amount by the durable retry, not the whole order', async () => {
    const stranded = await paidCall(t, shop, call, '2030-06-06T07:45:00.000Z', { email: 'ada@example.com' });
    at('2030-06-06T07:45:00.000Z', -30 * HOUR);
    const { owed } = await cancelBooking(t.db, { storeId: shop.storeId, bookingId: stranded.bookingId, by: 'buyer', now: clock.now(), refund: 'policy' });
    expect(owed).toMatchObject({ amountCents: HALF, refundedBeforeCents: 0 });
    expect(await orderOf(stranded.orderId)).toMatchObject({ refundedCents: 0 });
    clock.advance(CANCEL_REFUND_RETRY_MS + 60_000);
    await runRetries();
    expect(await orderOf(stranded.orderId)).toMatchObject({ status: 'paid', refundedCents: HALF });
    clock.advance(CANCEL_REFUND_RETRY_MS);
    await runRetries();
    expect(await orderOf(stranded.orderId)).toMatchObject({ refundedCents: HALF });
    clock.set(new Date(NOW));
  });
});
