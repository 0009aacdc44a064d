import { BOOKING_LIMITS, type CreatorBooking } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#src/db/schema/index.ts';
import { BOOKING_MESSAGES } from '#src/domain/bookings/booking-messages.ts';
import { cancelBooking } from '#src/domain/bookings/cancel-booking.ts';
import { CANCEL_REFUND_RETRY_KIND, CANCEL_REFUND_RETRY_MS } from '#src/domain/bookings/cancel-refund-retry.ts';
import { refundLostBookingJobs } from '#src/domain/bookings/booking-refunds.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { BOOKING_FEED_NOT_FOUND } from '#src/http/routes/booking-feed/booking-feed-route.ts';
import { errorOf } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { asCreator, callShop, MONDAY, NOW, paidCall, publishedCall, type CallShop } from '#src/testing/booking-checkouts.ts';
import { bookingEmailsTo, bookingJobRunner } from '#src/testing/booking-emails.ts';

const ok = async <T>(reply: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> => {
  const response = await reply;
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return (response.json() as { result: T }).result;
};
type Listed = { bookings: CreatorBooking[]; total: number; page: number; pageSize: number; timeZone: string };
const TUESDAY = '2030-06-04T07:00:00.000Z';

describe('the creator’s bookings: list, CSV, cancel with refund, reschedule, no-show, feed', () => {
  const clock = manualClock(new Date(NOW));
  let t: TestApp;
  let shop: CallShop;
  let fn: ReturnType<typeof asCreator>;
  let review: string;
  let intro: string;
  let paid: Awaited<ReturnType<typeof paidCall>>;

  /** Runs the due cancelled-booking refund retries (on the test's clock). */
  const runRetries = async () => {
    const runner = createJobRunner({ db: t.db, handlers: refundLostBookingJobs({ db: t.db, env: t.env }), log: silentLog, now: clock.now, kinds: { only: [CANCEL_REFUND_RETRY_KIND] } });
    while ((await runner.runDue()) > 0);
  };

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    shop = await callShop(t, clock.now());
    fn = asCreator(t, shop);
    review = await publishedCall(t, shop, { intakeQuestions: [{ id: 'goal', label: 'Your goal', kind: 'short-text', required: true }] });
    intro = await publishedCall(t, shop, { refundOnCancel: 'none' });
    paid = await paidCall(t, shop, review, MONDAY[0], { name: '=Ada', email: 'ada@example.com', booking: { start: MONDAY[0], timeZone: 'America/New_York', answers: { goal: '=1+1 more clients' } } });
    await paidCall(t, shop, intro, MONDAY[1], { email: 'bo@example.com' });
    await paidCall(t, shop, review, TUESDAY, { email: 'cy@example.com', booking: { start: TUESDAY, timeZone: 'Asia/Tokyo', answers: { goal: 'focus' } } });
  });
  afterAll(() => t?.close());

  it('lists upcoming bookings soonest first with answers, zone, order and product; filters narrow it', async () => {
    const listed = await ok<Listed>(fn('listBookings'));
    expect(listed).toMatchObject({ total: 3, page: 1, pageSize: BOOKING_LIMITS.bookingsPageSize, timeZone: 'Europe/Berlin' });
    expect(listed.bookings.map((booking) => booking.startsAt)).toEqual([MONDAY[0], MONDAY[1], TUESDAY]);
    expect(listed.bookings[0]).toMatchObject({
      id: paid.bookingId,
      productId: review,
      status: 'confirmed',
      buyerName: '=Ada',
      buyerEmail: 'ada@example.com',
      buyerTimeZone: 'America/New_York',
      answers: [{ questionId: 'goal', label: 'Your goal', answer: '=1+1 more clients' }],
      orderId: paid.orderId,
      amountCents: 5000,
      refundedCents: 0,
      location: { kind: 'video-url', value: 'https://meet.example.com/creator' },
    });
    expect((await ok<Listed>(fn('listBookings', { productId: intro }))).bookings.map((booking) => booking.productId)).toEqual([intro]);
    expect((await ok<Listed>(fn('listBookings', { from: '2030-06-04T00:00:00Z', to: '2030-06-05T00:00:00Z' }))).bookings.map((booking) => booking.startsAt)).toEqual([TUESDAY]);
    expect((await ok<Listed>(fn('listBookings', { when: 'past' }))).total).toBe(0);
    expect((await ok<Listed>(fn('listBookings', { status: 'held' }))).total).toBe(0);
    expect((await fn('listBookings', { page: 0 })).statusCode).toBe(400);
  });

  it('exports the same list as CSV, times in the store zone, formulas defused', async () => {
    const exported = await ok<{ filename: string; csv: string; rows: number; truncated: boolean }>(fn('exportBookingsCsv', { productId: review }));
    expect(exported).toMatchObject({ filename: `${shop.slug}-bookings.csv`, rows: 2, truncated: false });
    const [header, first] = exported.csv.split('\n');
    expect(header).toBe('Start (store zone),End (store zone),Start (UTC),Product,Buyer,Email,Buyer time zone,Status,Order,Answers,Booking');
    expect(first).toContain('2030-06-03 09:00 +02:00,2030-06-03 09:30 +02:00,2030-06-03T07:00:00.000Z');
    expect(first).toContain(`Your goal: =1+1 more clients`);
    expect(first).toContain(`,'=Ada,ada@example.com,`);
  });

  it('the creator reschedules to an offered time; a time not offered is refused', async () => {
    const moved = await ok<CreatorBooking>(fn('rescheduleCallBooking', { bookingId: paid.bookingId, startsAt: MONDAY[2] }));
    expect(moved).toMatchObject({ id: paid.bookingId, startsAt: MONDAY[2], status: 'confirmed' });
    const refused = await fn('rescheduleCallBooking', { bookingId: paid.bookingId, startsAt: MONDAY[1] });
    expect([refused.statusCode, errorOf(refused).message]).toEqual([400, BOOKING_MESSAGES.slotNotOffered]);
  });

  it('no-show only once the call started', async () => {
    const early = await fn('markBookingNoShow', { bookingId: paid.bookingId });
    expect([early.statusCode, errorOf(early).message]).toEqual([400, BOOKING_MESSAGES.notStarted]);
  });

  it('cancel refunds the order through its refund path by default; refund: false keeps the money', async () => {
    const { booking, refundedCents } = await ok<{ booking: CreatorBooking; refundedCents: number }>(fn('cancelCallBooking', { bookingId: paid.bookingId }));
    expect(refundedCents).toBe(5000);
    expect(booking).toMatchObject({ status: 'cancelled', cancelledBy: 'creator', refundedCents: 5000 });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, paid.orderId));
    expect(order).toMatchObject({ status: 'refunded', refundedCents: 5000 });
    // The cancellation's emails are due as soon as the refund settled, and state it.
    const runner = bookingJobRunner(t, clock.now);
    while ((await runner.runDue()) > 0);
    const [buyerEmail] = await bookingEmailsTo(t, 'ada@example.com', 'Cancelled:');
    expect(buyerEmail!.text).toContain('Your payment of $50.00 was refunded.');
    // The retry queued with the cancellation runs later: nothing more is refunded or sent.
    clock.advance(CANCEL_REFUND_RETRY_MS + 60_000);
    await runRetries();
    while ((await runner.runDue()) > 0);
    clock.set(new Date(NOW));
    expect(await bookingEmailsTo(t, 'ada@example.com', 'Cancelled:')).toHaveLength(1);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, paid.orderId));
    expect(after).toMatchObject({ status: 'refunded', refundedCents: 5000 });
    const again = await fn('cancelCallBooking', { bookingId: paid.bookingId });
    expect([again.statusCode, errorOf(again).message]).toEqual([400, BOOKING_MESSAGES.notConfirmed]);

    const [bo] = (await ok<Listed>(fn('listBookings', { productId: intro }))).bookings;
    const kept = await ok<{ refundedCents: number; booking: CreatorBooking }>(fn('cancelCallBooking', { bookingId: bo!.id, refund: false }));
    expect(kept).toMatchObject({ refundedCents: 0, booking: { status: 'cancelled', refundedCents: 0 } });
    // The freed time is offered again.
    expect((await paidCall(t, shop, intro, MONDAY[1], { email: 'dee@example.com' })).orderId).toMatch(/^ord_/);
  });

  it('a cancellation whose refund step never ran (the server stopped) is refunded and told later, by the durable retry', async () => {
    const stranded = await paidCall(t, shop, review, MONDAY[2], { email: 'eve@example.com', booking: { start: MONDAY[2], timeZone: 'Europe/Berlin', answers: { goal: 'x' } } });
    // The cancellation commits and owes a refund; nothing after the commit happens.
    const { owed } = await cancelBooking(t.db, { storeId: shop.storeId, bookingId: stranded.bookingId, by: 'creator', now: clock.now(), refund: true });
    expect(owed).toMatchObject({ amountCents: 5000 });
    const runner = bookingJobRunner(t, clock.now);
    await runRetries();
    while ((await runner.runDue()) > 0);
    expect(await bookingEmailsTo(t, 'eve@example.com', 'Cancelled:')).toHaveLength(0);
    const [before] = await t.db.select().from(orders).where(eq(orders.id, stranded.orderId!));
    expect(before).toMatchObject({ status: 'paid', refundedCents: 0 });
    clock.advance(CANCEL_REFUND_RETRY_MS + 60_000);
    await runRetries();
    while ((await runner.runDue()) > 0);
    clock.set(new Date(NOW));
    const [after] = await t.db.select().from(orders).where(eq(orders.id, stranded.orderId!));
    expect(after).toMatchObject({ status: 'refunded', refundedCents: 5000 });
    const emails = await bookingEmailsTo(t, 'eve@example.com', 'Cancelled:');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain('Your payment of $50.00 was refunded.');
  });

  it('marks a started call as a no-show', async () => {
    clock.set(new Date(TUESDAY));
    const [cy] = (await ok<Listed>(fn('listBookings', { from: TUESDAY }))).bookings;
    expect(await ok<CreatorBooking>(fn('markBookingNoShow', { bookingId: cy!.id }))).toMatchObject({ status: 'no_show' });
    clock.set(new Date(NOW));
  });

  it('the feed URL is shown once, serves text/calendar kept by no shared cache, and stops when revoked or replaced', async () => {
    expect(await ok(fn('getBookingFeedStatus'))).toEqual({ active: false, createdAt: null });
    const { url } = await ok<{ url: string }>(fn('createBookingFeedUrl'));
    expect(url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/api/bookings/feed/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(await ok(fn('getBookingFeedStatus'))).toEqual({ active: true, createdAt: clock.now().toISOString() });
    const get = (feedUrl: string) => t.app.inject({ method: 'GET', url: new URL(feedUrl).pathname });
    const feed = await get(url);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, no-store');
    expect(feed.body).toContain('BEGIN:VCALENDAR');
    expect(feed.body).toContain('cy@example.com');

    const unknown = await get(url.replace(/[A-Za-z0-9_-]{43}\.ics$/, `${'A'.repeat(43)}.ics`));
    const { url: replaced } = await ok<{ url: string }>(fn('createBookingFeedUrl'));
    const old = await get(url);
    expect((await get(replaced)).statusCode).toBe(200);
    await ok(fn('revokeBookingFeedUrl'));
    const revoked = await get(replaced);
    for (const answer of [unknown, old, revoked]) expect([answer.statusCode, answer.body, answer.headers['content-type']]).toEqual([404, BOOKING_FEED_NOT_FOUND, 'text/plain; charset=utf-8']);
    expect(await ok(fn('getBookingFeedStatus'))).toEqual({ active: false, createdAt: null });
  });
});
