import { CALL_SETTINGS_MESSAGES as M, COMMERCE_MESSAGES, type CallSettings, type CreatorBooking } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, orders } from '#src/db/schema/index.ts';
import { missingId } from '#src/testing/affiliate-accounts.ts';
import { bookingEmailsTo, bookingJobRunner } from '#src/testing/booking-emails.ts';
import { asCreator, bookCall, callShop, MONDAY, NOW, paidCall, publishedCall, type CallShop } from '#src/testing/booking-checkouts.ts';
import { errorOf, seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const ok = async <T>(reply: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> => {
  const response = await reply;
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return (response.json() as { result: T }).result;
};
const refused = async (reply: ReturnType<ReturnType<typeof asCreator>>) => {
  const response = await reply;
  return [response.statusCode, errorOf(response).message];
};

const SETTINGS = {
  durationMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 15,
  minNoticeMinutes: 0,
  bookingWindowDays: 60,
  dailyMax: null,
  location: { kind: 'video-url', value: 'https://meet.example.com/ada' },
  intakeQuestions: [],
  packageSize: 1,
  packageValidityDays: null,
  changeNoticeHours: 12,
  refundOnCancel: 'tiered',
  refundTiers: { fullHours: 48, partialPercent: 50, noneHours: 24 },
};

describe('refund amounts: the creator’s own amount on a cancel, and the tiered policy’s settings', () => {
  const clock = manualClock(new Date(NOW));
  let t: TestApp;
  let shop: CallShop;
  let fn: ReturnType<typeof asCreator>;
  let call: string;
  const statusOf = async (bookingId: string) => (await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId)))[0]?.status;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    shop = await callShop(t, clock.now());
    fn = asCreator(t, shop);
    call = await publishedCall(t, shop);
  });
  afterAll(() => t?.close());

  it('cancels with an amount up to what the order still holds; more, zero or an amount without a refund is refused and nothing changes', async () => {
    const first = await paidCall(t, shop, call, MONDAY[0], { email: 'ada@example.com' });
    for (const [data, message] of [
      [{ refundCents: 5001 }, COMMERCE_MESSAGES.refundAmountTooHigh],
      [{ refundCents: 0 }, COMMERCE_MESSAGES.refundAmountTooLow],
      [{ refundCents: 12.5 }, COMMERCE_MESSAGES.amountWhole],
      [{ refund: false, refundCents: 100 }, M.refundAmountWithoutRefund],
    ] as const) {
      expect(await refused(fn('cancelCallBooking', { bookingId: first.bookingId, ...data }))).toEqual([400, message]);
    }
    expect(await statusOf(first.bookingId)).toBe('confirmed');
    const partial = await ok<{ booking: CreatorBooking; refundedCents: number }>(fn('cancelCallBooking', { bookingId: first.bookingId, refundCents: 1234 }));
    expect(partial).toMatchObject({ refundedCents: 1234, booking: { status: 'cancelled', refundedCents: 1234 } });
    expect((await t.db.select().from(orders).where(eq(orders.id, first.orderId)))[0]).toMatchObject({ status: 'paid', refundedCents: 1234 });
    const runner = bookingJobRunner(t, clock.now);
    while ((await runner.runDue()) > 0);
    const [email] = await bookingEmailsTo(t, 'ada@example.com', 'Cancelled:');
    expect(email!.text).toContain('$12.34 of your $50.00 payment was refunded.');

    const [low, high] = [await paidCall(t, shop, call, MONDAY[1], { email: 'bo@example.com' }), await paidCall(t, shop, call, MONDAY[2], { email: 'cy@example.com' })];
    expect(await ok(fn('cancelCallBooking', { bookingId: low.bookingId, refundCents: 1 }))).toMatchObject({ refundedCents: 1 });
    expect(await ok(fn('cancelCallBooking', { bookingId: high.bookingId, refundCents: 5000 }))).toMatchObject({ refundedCents: 5000 });
    expect((await t.db.select().from(orders).where(eq(orders.id, high.orderId)))[0]).toMatchObject({ status: 'refunded' });
  });

  it('an amount for a free call is refused; another store’s booking answers like a missing one', async () => {
    const free = await publishedCall(t, shop, {}, { priceMode: 'free', priceCents: 0 });
    const { orderId } = (await ok<{ orderId: string }>(bookCall(t, shop, free, MONDAY[3], { email: 'dee@example.com' })));
    const [freeBooking] = await t.db.select({ bookingId: bookings.id }).from(bookings).where(eq(bookings.orderId, orderId));
    if (!freeBooking) throw new Error('the free call has no booking');
    expect(await refused(fn('cancelCallBooking', { bookingId: freeBooking.bookingId, refundCents: 100 }))).toEqual([400, M.nothingToRefund]);
    expect(await statusOf(freeBooking.bookingId)).toBe('confirmed');

    const other = await callShop(t, clock.now());
    const theirs = await paidCall(t, other, await publishedCall(t, other), MONDAY[0], { email: 'eve@example.com' });
    const foreign = seen(await fn('cancelCallBooking', { bookingId: theirs.bookingId, refundCents: 100 }));
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(seen(await fn('cancelCallBooking', { bookingId: missingId('bkg'), refundCents: 100 })));
    expect(await statusOf(theirs.bookingId)).toBe('confirmed');
  });

  it('a tiered policy is saved and read back; each of its limits is checked on both sides', async () => {
    const save = (settings: Record<string, unknown>) => fn('updateCallSettings', { productId: call, settings: { ...SETTINGS, ...settings } });
    const tiers = (changes: Record<string, number>) => save({ refundTiers: { ...SETTINGS.refundTiers, ...changes } });
    expect(await ok<CallSettings>(save({}))).toMatchObject({ refundOnCancel: 'tiered', refundTiers: { fullHours: 48, partialPercent: 50, noneHours: 24 } });
    expect(await ok<CallSettings>(fn('getCallSettings', { productId: call }))).toMatchObject({ refundTiers: { fullHours: 48, partialPercent: 50, noneHours: 24 } });

    expect(await refused(tiers({ fullHours: 0, noneHours: 0 }))).toEqual([400, M.refundFullHours]);
    expect((await tiers({ fullHours: 1, noneHours: 0 })).statusCode).toBe(200);
    expect((await tiers({ fullHours: 720 })).statusCode).toBe(200);
    expect(await refused(tiers({ fullHours: 721 }))).toEqual([400, M.refundFullHours]);
    expect(await refused(tiers({ partialPercent: 0 }))).toEqual([400, M.refundPercent]);
    expect((await tiers({ partialPercent: 1 })).statusCode).toBe(200);
    expect((await tiers({ partialPercent: 99 })).statusCode).toBe(200);
    expect(await refused(tiers({ partialPercent: 100 }))).toEqual([400, M.refundPercent]);
    expect(await refused(tiers({ noneHours: -1 }))).toEqual([400, M.refundNoneHours]);
    expect(await refused(tiers({ noneHours: 48 }))).toEqual([400, M.refundTiersOrder]);
    expect((await tiers({ noneHours: 47 })).statusCode).toBe(200);
    expect(await refused(save({ refundTiers: null }))).toEqual([400, M.refundTiersNeeded]);
    expect(await refused(save({ refundOnCancel: 'full' }))).toEqual([400, M.refundTiersNotUsed]);
    expect(await ok<CallSettings>(save({ refundOnCancel: 'full', refundTiers: null }))).toMatchObject({ refundOnCancel: 'full', refundTiers: null });
    // Left out, the tiers are none (as before tiers existed).
    const { refundTiers: _left, ...withoutTiers } = SETTINGS;
    expect(await ok<CallSettings>(fn('updateCallSettings', { productId: call, settings: { ...withoutTiers, refundOnCancel: 'none' } }))).toMatchObject({ refundOnCancel: 'none', refundTiers: null });
  });
});
