import { membersUrl } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, jobs, orders } from '#src/db/schema/index.ts';
import { SEND_EMAIL_KIND } from '#src/jobs/enqueue-email.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { createSendEmailJob } from '#src/jobs/send-email-job.ts';
import type { ClaimedJob, JobRunContext } from '#src/jobs/types.ts';
import { manualClock } from '#src/testing/clock.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { bookingUid } from '../booking-ics.ts';
import { cancelBooking, markNoShow } from '../cancel-booking.ts';
import { confirmBooking } from '../confirm-booking.ts';
import { rescheduleBooking } from '../reschedule-booking.ts';
import { createBookingNoticeJob } from './booking-notice-job.ts';
import { book, bookingEmailsTo, bookingJobRunner, BUYER_EMAIL, inviteOf, seedCallStore } from './notify-fixtures.ts';
import { BOOKING_NOTICE_KIND } from './queue-booking-notices.ts';

const HOUR = 3_600_000;
const MONDAY = new Date('2030-06-03T06:00:00.000Z');
const clock = manualClock(MONDAY);
/** Tuesday 2030-06-04 + `weeks` at `utc`: 07:00 UTC is 09:00 in Berlin and 03:00 in New York (summer). */
const tuesday = (weeks: number, utc = '07:00') => new Date(new Date(`2030-06-04T${utc}:00.000Z`).getTime() + weeks * 7 * 24 * HOUR);

describe('booking emails to both sides, with the calendar invite, each once', () => {
  let t: TestApp;
  let runner: ReturnType<typeof bookingJobRunner>;
  const runAll = async () => {
    while ((await runner.runDue()) > 0);
  };
  beforeAll(async () => {
    t = await createTestApp();
    runner = bookingJobRunner(t, clock.now);
  });
  afterAll(() => t?.close());

  it('confirmed: the buyer’s in New York time with the join link and a members-area link, the creator’s in Berlin time with the answers; a replay sends once', async () => {
    clock.set(MONDAY);
    const seeded = await seedCallStore(t);
    const booking = await book(t, seeded, tuesday(1), clock.now());
    await runAll();
    // Confirming again for the same order, and the notice job run twice more: still one email each.
    await confirmBooking(t.db, { storeId: seeded.store.id, bookingId: booking.id, orderId: booking.orderId!, now: clock.now() });
    const [job] = await t.db.select().from(jobs).where(and(eq(jobs.kind, BOOKING_NOTICE_KIND), sql`${jobs.payload} ->> 'bookingId' = ${booking.id}`));
    const ctx = { log: silentLog, now: clock.now, complete: async () => {} } as unknown as JobRunContext;
    await createBookingNoticeJob({ db: t.db, publicUrl: t.env.publicUrl }).run(job as ClaimedJob, ctx);
    await createBookingNoticeJob({ db: t.db, publicUrl: t.env.publicUrl }).run(job as ClaimedJob, ctx);
    await runAll();

    const buyer = await bookingEmailsTo(t, BUYER_EMAIL, 'Booked:');
    expect(buyer).toHaveLength(1);
    expect(buyer[0]!.subject).toMatch(new RegExp(`^Booked: Call \\d+ with ${seeded.store.name}$`));
    expect(buyer[0]!.text).toContain('When: Tuesday, June 11, 2030, 03:00–03:30 (America/New_York, EDT)');
    expect(buyer[0]!.text).toContain('Where: https://meet.example.com/creator');
    expect(buyer[0]!.text).toContain('until June 10, 2030, 03:00 (America/New_York, EDT)');
    expect(buyer[0]!.text).toContain(`Reschedule or cancel:\n${membersUrl({ slug: seeded.store.slug }, { origin: t.env.publicUrl })}/bookings`);
    const invite = inviteOf(buyer[0]);
    expect(invite.contentType).toBe('text/calendar; method=REQUEST');
    expect(invite.method).toBe('REQUEST');
    expect(invite.event.uid).toBe(bookingUid(booking.id));
    expect(invite.event.sequence).toBe(0);
    expect(invite.event.start.toISOString()).toBe(tuesday(1).toISOString());
    expect(invite.raw).toContain('TZID=America/New_York');

    const creator = await bookingEmailsTo(t, seeded.creatorEmail, 'New booking:');
    expect(creator).toHaveLength(1);
    expect(creator[0]!.text).toContain('When: Tuesday, June 11, 2030, 09:00–09:30 (Europe/Berlin, GMT+2)');
    expect(creator[0]!.text).toContain('What should we talk about?: Pricing my course');
    expect(creator[0]!.text).not.toContain('/members');
    expect(inviteOf(creator[0]).raw).toContain('TZID=Europe/Berlin');
  });

  it('the email job delivers the invite: the outbox keeps the attachment as sent', async () => {
    clock.set(MONDAY);
    const seeded = await seedCallStore(t);
    const booking = await book(t, seeded, tuesday(3), clock.now());
    await runAll();
    const sender = createJobRunner({ db: t.db, handlers: [createSendEmailJob({ db: t.db, config: t.env.email })], log: silentLog, now: clock.now, kinds: { only: [SEND_EMAIL_KIND] } });
    while ((await sender.runDue()) > 0);
    const [row] = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.to, seeded.creatorEmail), sql`${emailOutbox.subject} like 'New booking:%'`));
    expect(row!.attachments).toEqual([{ filename: 'invite.ics', contentType: 'text/calendar; method=REQUEST', content: expect.stringContaining(`UID:${bookingUid(booking.id)}`) }]);
  });

  it('rescheduled: both get an invite for the same event with a higher SEQUENCE, saying the old and the new time', async () => {
    clock.set(MONDAY);
    const seeded = await seedCallStore(t);
    const booking = await book(t, seeded, tuesday(1), clock.now());
    await rescheduleBooking(t.db, { storeId: seeded.store.id, bookingId: booking.id, startsAt: tuesday(1, '08:30'), by: 'buyer', now: clock.now() });
    await runAll();
    const [moved] = await bookingEmailsTo(t, BUYER_EMAIL, 'Moved:');
    expect(moved!.text).toContain('When: Tuesday, June 11, 2030, 04:30–05:00 (America/New_York, EDT)');
    expect(moved!.text).toContain('It was: Tuesday, June 11, 2030, 03:00–03:30 (America/New_York, EDT)');
    const invite = inviteOf(moved);
    expect(invite.event.uid).toBe(bookingUid(booking.id));
    expect(invite.event.sequence).toBe(1);
    expect(invite.event.start.toISOString()).toBe(tuesday(1, '08:30').toISOString());
    const [creatorMoved] = await bookingEmailsTo(t, seeded.creatorEmail, 'Booking moved:');
    expect(creatorMoved!.text).toContain('When: Tuesday, June 11, 2030, 10:30–11:00 (Europe/Berlin, GMT+2)');
    expect(inviteOf(creatorMoved).event.sequence).toBe(1);
  });

  it('cancelled: a CANCEL invite to both sides, due with the cancellation, stating what the payment had refunded', async () => {
    clock.set(MONDAY);
    const seeded = await seedCallStore(t);
    const kept = await book(t, seeded, tuesday(1), clock.now());
    await cancelBooking(t.db, { storeId: seeded.store.id, bookingId: kept.id, by: 'buyer', now: clock.now() });
    const partly = await book(t, seeded, tuesday(2), clock.now());
    // Refunded in part from Sales before the cancellation (which refunds nothing more itself).
    await t.db.update(orders).set({ refundedCents: 500 }).where(eq(orders.id, partly.orderId!));
    await cancelBooking(t.db, { storeId: seeded.store.id, bookingId: partly.id, by: 'creator', now: clock.now() });
    await runAll();

    const cancelled = await bookingEmailsTo(t, BUYER_EMAIL, 'Cancelled:');
    const noRefund = cancelled.find((email) => email.text.includes('June 11'));
    const partial = cancelled.find((email) => email.text.includes('June 18'));
    expect(noRefund!.text).toContain('No refund was made.');
    expect(partial!.text).toContain('$5.00 of your $12.50 payment was refunded.');
    const invite = inviteOf(noRefund);
    expect(invite.contentType).toBe('text/calendar; method=CANCEL');
    expect(invite.method).toBe('CANCEL');
    expect(invite.event.status).toBe('CANCELLED');
    expect(invite.event.sequence).toBe(1);
    expect(noRefund!.text).not.toContain('/members');
    const creator = await bookingEmailsTo(t, seeded.creatorEmail, 'Cancelled:');
    expect(creator).toHaveLength(2);
    expect(inviteOf(creator[0]).method).toBe('CANCEL');
    expect(creator.find((email) => email.text.includes('June 18'))!.text).toContain('$5.00 of the $12.50 payment was refunded.');
  });

  it('no-show: the buyer only, without an invite; inside the change notice no members-area link', async () => {
    const seeded = await seedCallStore(t);
    // 23 h 45 min ahead: inside the 24-hour change notice from the start.
    clock.set(new Date('2030-06-03T08:00:00.000Z'));
    const soon = await book(t, seeded, tuesday(0, '07:45'), clock.now());
    await runAll();
    const [booked] = (await bookingEmailsTo(t, BUYER_EMAIL, 'Booked:')).filter((email) => email.text.includes('June 4'));
    expect(booked!.text).not.toContain('/members');
    expect(booked!.text).not.toContain('Reschedule or cancel');

    clock.set(tuesday(0, '08:00'));
    const before = (await bookingEmailsTo(t, seeded.creatorEmail)).length;
    await markNoShow(t.db, { storeId: seeded.store.id, bookingId: soon.id, now: clock.now() });
    await runAll();
    const [missed] = await bookingEmailsTo(t, BUYER_EMAIL, 'You missed');
    expect(missed!.text).toContain('as missed');
    expect(missed!.attachments ?? []).toEqual([]);
    expect(await bookingEmailsTo(t, seeded.creatorEmail)).toHaveLength(before);
  });
});
