import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceTestClock } from '#src/domain/test-clock/advance-test-clock.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import type { ClaimedJob, JobRunContext } from '#src/jobs/types.ts';
import { manualClock } from '#src/testing/clock.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { cancelBooking } from '../cancel-booking.ts';
import { rescheduleBooking } from '../reschedule-booking.ts';
import { createBookingReminderJob } from './booking-reminder-job.ts';
import { book, bookingEmailsTo, bookingJobRunner, BUYER_EMAIL, pendingReminders, seedCallStore } from './notify-fixtures.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Real time stands still; only each store's test clock moves (decision 035). */
const NOW = new Date('2030-06-03T06:00:00.000Z');
const clock = manualClock(NOW);
/** Thursday 2030-06-06 07:00 UTC (09:00 in Berlin): three days and an hour ahead. */
const THURSDAY = new Date('2030-06-06T07:00:00.000Z');

describe('booking reminders 24 h and 1 h before, on the store’s test clock', () => {
  let t: TestApp;
  let runner: ReturnType<typeof bookingJobRunner>;
  beforeAll(async () => {
    t = await createTestApp();
    runner = bookingJobRunner(t, clock.now);
  });
  afterAll(() => t?.close());

  /** Moves the store's test clock to `target` (a time on that clock) and runs what fell due. */
  async function moveTo(storeId: string, target: Date) {
    const clockNow = NOW.getTime() + (await readTestClockOffsetMs(t.db, storeId));
    await advanceTestClock(t.db, { storeId, seconds: Math.round((target.getTime() - clockNow) / 1000), now: NOW });
    while ((await runner.runDue()) > 0);
  }
  const reminders = async (to = BUYER_EMAIL) => (await bookingEmailsTo(t, to, 'Reminder:')).map((email) => email.subject);

  it('fires at 24 h and at 1 h before to the buyer and the creator, not a minute earlier, each once even when its job runs again', async () => {
    const seeded = await seedCallStore(t);
    const booking = await book(t, seeded, THURSDAY, NOW, { testMode: true });
    while ((await runner.runDue()) > 0);
    const before = await reminders();

    await moveTo(seeded.store.id, new Date(THURSDAY.getTime() - 24 * HOUR - MINUTE));
    expect(await reminders()).toEqual(before);
    await moveTo(seeded.store.id, new Date(THURSDAY.getTime() - 24 * HOUR + MINUTE));
    const day = (await reminders()).slice(before.length);
    expect(day).toEqual([expect.stringMatching(/^Reminder: Call \d+ with .* in 24 hours$/)]);
    const [dayEmail] = (await bookingEmailsTo(t, BUYER_EMAIL, 'Reminder:')).slice(-1);
    expect(dayEmail!.text).toContain('When: Thursday, June 6, 2030, 03:00–03:30 (America/New_York, EDT)');
    expect(dayEmail!.text).toContain('Where: https://meet.example.com/creator');
    // The creator's, in the store's zone, with the buyer's answers.
    expect(await reminders(seeded.creatorEmail)).toEqual([expect.stringMatching(/^Reminder: Call \d+ with Bo Buyer in 24 hours$/)]);
    const [creatorDay] = await bookingEmailsTo(t, seeded.creatorEmail, 'Reminder:');
    expect(creatorDay!.text).toContain('When: Thursday, June 6, 2030, 09:00–09:30 (Europe/Berlin, GMT+2)');
    expect(creatorDay!.text).toContain('What should we talk about?: Pricing my course');
    expect(creatorDay!.text).not.toContain('/members/bookings');

    await moveTo(seeded.store.id, new Date(THURSDAY.getTime() - HOUR - MINUTE));
    expect((await reminders()).slice(before.length)).toHaveLength(1);
    await moveTo(seeded.store.id, new Date(THURSDAY.getTime() - HOUR + MINUTE));
    expect((await reminders()).slice(before.length)).toEqual([day[0], expect.stringMatching(/ in 1 hour$/)]);
    expect(await reminders(seeded.creatorEmail)).toEqual([expect.stringMatching(/ with Bo Buyer in 24 hours$/), expect.stringMatching(/ with Bo Buyer in 1 hour$/)]);

    // Run again (a retry, a second runner): no second email.
    const ctx = { log: silentLog, now: clock.now, complete: async () => {} } as unknown as JobRunContext;
    const job = { payload: { bookingId: booking.id, lead: '1h', sequence: 0, startsAt: THURSDAY.toISOString() } } as unknown as ClaimedJob;
    await createBookingReminderJob({ db: t.db, publicUrl: t.env.publicUrl }).run(job, ctx);
    while ((await runner.runDue()) > 0);
    expect((await reminders()).slice(before.length)).toHaveLength(2);
    expect(await reminders(seeded.creatorEmail)).toHaveLength(2);
    await moveTo(seeded.store.id, new Date(THURSDAY.getTime() + HOUR));
    expect((await reminders()).slice(before.length)).toHaveLength(2);
    expect(await reminders(seeded.creatorEmail)).toHaveLength(2);
  });

  it('a moved booking: the old reminders send nothing, the new time’s fire; a cancelled one gets none', async () => {
    const seeded = await seedCallStore(t);
    const start = (await reminders()).length;
    const moved = await book(t, seeded, THURSDAY, NOW, { testMode: true });
    const later = new Date(THURSDAY.getTime() + 24 * HOUR); // Friday 09:00 in Berlin
    await rescheduleBooking(t.db, { storeId: seeded.store.id, bookingId: moved.id, startsAt: later, by: 'creator', now: NOW });
    const cancelled = await book(t, seeded, new Date(THURSDAY.getTime() + 45 * MINUTE), NOW, { testMode: true });
    await cancelBooking(t.db, { storeId: seeded.store.id, bookingId: cancelled.id, by: 'buyer', now: NOW });
    while ((await runner.runDue()) > 0);

    // Past both of the old time's reminders: nothing (neither for the cancelled booking).
    await moveTo(seeded.store.id, new Date(THURSDAY.getTime() - HOUR + MINUTE));
    expect((await reminders()).slice(start)).toEqual([]);
    expect(await reminders(seeded.creatorEmail)).toEqual([]);
    await moveTo(seeded.store.id, new Date(later.getTime() - 24 * HOUR + MINUTE));
    expect((await reminders()).slice(start)).toEqual([expect.stringMatching(/ in 24 hours$/)]);
    const [email] = (await bookingEmailsTo(t, BUYER_EMAIL, 'Reminder:')).slice(-1);
    expect(email!.text).toContain('Friday, June 7, 2030, 03:00–03:30');
    await moveTo(seeded.store.id, new Date(later.getTime() - HOUR + MINUTE));
    expect((await reminders()).slice(start)).toEqual([expect.stringMatching(/ in 24 hours$/), expect.stringMatching(/ in 1 hour$/)]);
    expect(await reminders(seeded.creatorEmail)).toEqual([expect.stringMatching(/ in 24 hours$/), expect.stringMatching(/ in 1 hour$/)]);
    const [creatorLast] = (await bookingEmailsTo(t, seeded.creatorEmail, 'Reminder:')).slice(-1);
    expect(creatorLast!.text).toContain('Friday, June 7, 2030, 09:00–09:30 (Europe/Berlin, GMT+2)');
  });

  it('a reminder whose time has passed when booked is not queued: 30 min ahead none, 2 h ahead only the 1-hour one, 24 h + 1 min both', async () => {
    const seeded = await seedCallStore(t);
    const at = (utc: string) => new Date(`2030-06-04T${utc}:00.000Z`);
    const halfHour = await book(t, seeded, at('07:00'), new Date(at('07:00').getTime() - 30 * MINUTE));
    const twoHours = await book(t, seeded, at('07:45'), new Date(at('07:45').getTime() - 2 * HOUR));
    const dayAhead = await book(t, seeded, at('08:30'), new Date(at('08:30').getTime() - 24 * HOUR - MINUTE));
    const dayLess = await book(t, seeded, at('09:15'), new Date(at('09:15').getTime() - 24 * HOUR + MINUTE));
    const leads = async (id: string) => (await pendingReminders(t, id)).map((job) => (job.payload as { lead: string }).lead).sort();
    expect(await leads(halfHour.id)).toEqual([]);
    expect(await leads(twoHours.id)).toEqual(['1h']);
    expect(await leads(dayAhead.id)).toEqual(['1h', '24h']);
    expect(await leads(dayLess.id)).toEqual(['1h']);
  });
});
