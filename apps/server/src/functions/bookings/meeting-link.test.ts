import { CALL_SETTINGS_MESSAGES as M, MEETING_LINK_MESSAGES as ML, type CreatorBooking, type MyBooking } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, jobs, users } from '#src/db/schema/index.ts';
import { bookingUid } from '#src/domain/bookings/booking-ics.ts';
import { BOOKING_REMINDER_KIND, type BookingReminder } from '#src/domain/bookings/notify/queue-booking-notices.ts';
import { bookingEmailsTo, bookingJobRunner, inviteOf } from '#src/testing/booking-emails.ts';
import { missingId, signedInMember, type TestMember } from '#src/testing/affiliate-accounts.ts';
import { callFunction, errorOf, seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { asCreator, callShop, MONDAY, NOW, paidCall, publishedCall, type CallShop } from '#src/testing/booking-checkouts.ts';

const ok = async <T>(reply: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> => {
  const response = await reply;
  if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
  return (response.json() as { result: T }).result;
};
const LINK = 'https://meet.example.com/ada-1';
const CHANGED = 'https://meet.example.com/ada-2';
const BUYER = 'ada@example.com';

describe('setBookingMeetingLink: the creator makes the link of a call whose link is made per booking', () => {
  const clock = manualClock(new Date(NOW));
  let t: TestApp;
  let shop: CallShop;
  let fn: ReturnType<typeof asCreator>;
  let ada: TestMember;
  let perBooking: string;
  let fixed: string;
  let booking: string;
  let runner: ReturnType<typeof bookingJobRunner>;
  const runJobs = async () => {
    while ((await runner.runDue()) > 0);
  };
  const set = (bookingId: string, url: string) => fn('setBookingMeetingLink', { bookingId, url });
  const row = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    runner = bookingJobRunner(t, clock.now);
    shop = await callShop(t, clock.now());
    fn = asCreator(t, shop);
    ada = await signedInMember(t, shop.storeId, { email: BUYER, now: clock.now() });
    perBooking = await publishedCall(t, shop, { locationKind: 'per-booking-link', locationValue: null });
    fixed = await publishedCall(t, shop);
    booking = (await paidCall(t, shop, perBooking, MONDAY[0], { email: BUYER })).bookingId;
    await runJobs();
  });
  afterAll(() => t?.close());

  it('before a link is made, the booking and the buyer’s confirmation have none', async () => {
    const [listed] = (await ok<{ bookings: CreatorBooking[] }>(fn('listBookings'))).bookings;
    expect(listed!.location).toEqual({ kind: 'per-booking-link', value: null });
    const [confirmed] = await bookingEmailsTo(t, BUYER, 'Booked:');
    expect(confirmed!.text).toContain('Where: the join link will follow by email.');
  });

  it('sets the link: the booking shows it and the buyer gets one updated invite (same UID, SEQUENCE raised, LOCATION the link)', async () => {
    const before = (await row(booking)).sequence;
    expect(await ok<CreatorBooking>(set(booking, ` ${LINK} `))).toMatchObject({ id: booking, location: { kind: 'per-booking-link', value: LINK } });
    expect(await row(booking)).toMatchObject({ meetingLink: LINK, sequence: before + 1 });
    // The raised sequence would silence the reminders queued before: the ones still ahead are queued again (24 h before has passed).
    const reminders = await t.db.select({ payload: jobs.payload }).from(jobs).where(and(eq(jobs.kind, BOOKING_REMINDER_KIND), eq(jobs.status, 'pending'), sql`${jobs.payload} ->> 'bookingId' = ${booking}`));
    expect(reminders.filter((job) => (job.payload as BookingReminder).sequence === before + 1).map((job) => (job.payload as BookingReminder).lead)).toEqual(['1h']);
    await runJobs();
    await runJobs();
    const emails = await bookingEmailsTo(t, BUYER, 'Join link:');
    expect(emails).toHaveLength(1);
    expect(emails[0]!.text).toContain(`Where: ${LINK}`);
    const invite = inviteOf(emails[0]);
    expect([invite.method, invite.contentType]).toEqual(['REQUEST', 'text/calendar; method=REQUEST']);
    expect(invite.event.uid).toBe(bookingUid(booking));
    expect(Number(invite.event.sequence)).toBe(before + 1);
    expect(invite.event.location).toBe(LINK);
    // Only the buyer is told: the creator made the link.
    const [creator] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, shop.owner.userId));
    expect(await bookingEmailsTo(t, creator!.email, 'Join link')).toEqual([]);
  });

  it('changing it raises the sequence again and sends the new link; the same link again changes nothing', async () => {
    const before = (await row(booking)).sequence;
    expect((await ok<CreatorBooking>(set(booking, CHANGED))).location.value).toBe(CHANGED);
    await ok(set(booking, CHANGED));
    expect((await row(booking)).sequence).toBe(before + 1);
    await runJobs();
    const emails = await bookingEmailsTo(t, BUYER, 'Join link:');
    expect(emails).toHaveLength(2);
    expect(emails[1]!.text).toContain(`Where: ${CHANGED}`);
    expect(Number(inviteOf(emails[1]).event.sequence)).toBe(before + 1);
    expect(inviteOf(emails[1]).event.location).toBe(CHANGED);
  });

  it('only an https link is taken, with a clear message; nothing changes', async () => {
    for (const url of ['http://meet.example.com/x', 'meet.example.com/x', 'javascript:alert(1)', '']) {
      const refused = await set(booking, url);
      expect([refused.statusCode, errorOf(refused).message]).toEqual([400, ML.url]);
    }
    const long = await set(booking, `https://meet.example.com/${'a'.repeat(500 - 24)}`);
    expect([long.statusCode, errorOf(long).message]).toEqual([400, M.locationTooLong]);
    expect((await set(booking, `https://meet.example.com/${'a'.repeat(500 - 25)}`)).statusCode).toBe(200);
    await ok(set(booking, CHANGED));
    expect((await row(booking)).meetingLink).toBe(CHANGED);
  });

  it('another store’s booking answers exactly like a missing one', async () => {
    const other = await callShop(t, clock.now());
    const theirCall = await publishedCall(t, other, { locationKind: 'per-booking-link', locationValue: null });
    const theirs = (await paidCall(t, other, theirCall, MONDAY[1], { email: 'cy@example.com' })).bookingId;
    const foreign = seen(await set(theirs, LINK));
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(seen(await set(missingId('bkg'), LINK)));
    expect((await row(theirs)).meetingLink).toBeNull();
  });

  it('a call with its own location, a cancelled booking and an ended one take no link', async () => {
    const video = (await paidCall(t, shop, fixed, MONDAY[2], { email: 'bo@example.com' })).bookingId;
    const wrongKind = await set(video, LINK);
    expect([wrongKind.statusCode, errorOf(wrongKind).message]).toEqual([400, ML.notPerBooking]);
    const cancelled = (await paidCall(t, shop, perBooking, MONDAY[3], { email: 'bo@example.com' })).bookingId;
    await ok(fn('cancelCallBooking', { bookingId: cancelled }));
    const refused = await set(cancelled, LINK);
    expect([refused.statusCode, errorOf(refused).message]).toEqual([400, ML.closed]);
    // Ends at 07:30: a minute before the end the link still changes, at the end no more.
    clock.set(new Date(Date.parse(MONDAY[0]) + 29 * 60_000));
    expect((await set(booking, LINK)).statusCode).toBe(200);
    clock.set(new Date(Date.parse(MONDAY[0]) + 30 * 60_000));
    const ended = await set(booking, CHANGED);
    expect([ended.statusCode, errorOf(ended).message]).toEqual([400, ML.closed]);
    clock.set(new Date(NOW));
  });

  it('the buyer sees the link in the members area only from 15 minutes before the start', async () => {
    const mine = async () => (await ok<{ bookings: MyBooking[] }>(callFunction(t.app, 'listMyBookings', { storeId: shop.storeId }, { as: ada }))).bookings.find((item) => item.id === booking)!;
    expect(await mine()).toMatchObject({ locationKind: 'per-booking-link', locationValue: null, joinOpensAt: '2030-06-03T06:45:00.000Z' });
    clock.set(new Date(Date.parse(MONDAY[0]) - 15 * 60_000 - 1));
    expect((await mine()).locationValue).toBeNull();
    clock.advance(1);
    expect((await mine()).locationValue).toBe(LINK);
    clock.set(new Date(NOW));
  });
});
