// Exports the booking-notice test helpers: a store with a call, a runner of the booking jobs, the emails and invites queued.
import { and, eq, sql } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { jobs, stores, users } from '#src/db/schema/index.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import type { EmailAttachment } from '#src/providers/email/types.ts';
import { seedAvailability, seedCallProduct } from '#src/testing/bookings.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { seedCustomer, seedOrder, seedStore } from '#src/testing/orders.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { confirmBooking } from '../confirm-booking.ts';
import { holdSlot } from '../hold-slot.ts';
import { createBookingNoticeJob } from './booking-notice-job.ts';
import { createBookingReminderJob } from './booking-reminder-job.ts';
import { BOOKING_NOTICE_KIND, BOOKING_REMINDER_KIND } from './queue-booking-notices.ts';

export const BUYER_EMAIL = 'buyer@example.com';

/** A Berlin store (weekdays 09:00–12:00) with a 30-minute video call and one intake question, its creator's address, and a buyer. */
export async function seedCallStore(t: TestApp, settings: Parameters<typeof seedCallProduct>[2] = {}) {
  const store = await seedStore(t);
  const callId = await seedCallProduct(t, store.id, { changeNoticeHours: 24, intakeQuestions: [{ id: 'goal', label: 'What should we talk about?', kind: 'short-text', required: false }], ...settings });
  await seedAvailability(t, store.id);
  const customer = await seedCustomer(t, store.id);
  const [creator] = await t.db.select({ email: users.email }).from(stores).innerJoin(users, eq(users.id, stores.creatorId)).where(eq(stores.id, store.id));
  return { store, callId, customer, creatorEmail: creator!.email };
}

/** Holds and confirms `startsAt` for a New York buyer, as a paid checkout would. */
export async function book(t: TestApp, seeded: Awaited<ReturnType<typeof seedCallStore>>, startsAt: Date, now: Date, options: { testMode?: boolean } = {}) {
  const held = await holdSlot(t.db, {
    storeId: seeded.store.id,
    productId: seeded.callId,
    startsAt,
    buyerEmail: BUYER_EMAIL,
    buyerName: 'Bo Buyer',
    buyerTimeZone: 'America/New_York',
    answers: { goal: 'Pricing my course' },
    holdExpiresAt: new Date(now.getTime() + 30 * 60_000),
    testMode: options.testMode ?? false,
    now,
  });
  const order = await seedOrder(t, { storeId: seeded.store.id, productId: seeded.callId, customerId: seeded.customer.id });
  return confirmBooking(t.db, { storeId: seeded.store.id, bookingId: held.id, orderId: order.id, customerId: seeded.customer.id, now });
}

/** A runner of the notice and reminder jobs only, on the test's clock. */
export function bookingJobRunner(t: TestApp, now: () => Date) {
  const handlers = [createBookingNoticeJob({ db: t.db, publicUrl: t.env.publicUrl }), createBookingReminderJob({ db: t.db, publicUrl: t.env.publicUrl })];
  return createJobRunner({ db: t.db, handlers, log: silentLog, now, kinds: { only: [BOOKING_NOTICE_KIND, BOOKING_REMINDER_KIND] } });
}

export interface QueuedBookingEmail {
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
}

/** The booking emails queued to `to`, oldest first, with a subject starting `prefix` when given. */
export async function bookingEmailsTo(t: TestApp, to: string, prefix = ''): Promise<QueuedBookingEmail[]> {
  const emails = (await queuedEmails(t, to)) as QueuedBookingEmail[];
  return emails.filter((email) => email.subject.startsWith(prefix)).reverse();
}

/** The one event of an attached invite, parsed back, with the calendar's METHOD. */
export function inviteOf(email: QueuedBookingEmail | undefined): { method: string | undefined; event: VEvent; raw: string; contentType: string } {
  const file = email?.attachments?.[0];
  if (!file) throw new Error('no invite attached');
  const parsed = ical.sync.parseICS(file.content);
  const event = Object.values(parsed).find((component): component is VEvent => component?.type === 'VEVENT');
  if (!event) throw new Error('no VEVENT in the invite');
  return { method: /^METHOD:(.+)$/m.exec(file.content)?.[1]?.trim(), event, raw: file.content, contentType: file.contentType };
}

/** The pending reminder jobs of a booking. */
export function pendingReminders(t: TestApp, bookingId: string) {
  return t.db
    .select({ payload: jobs.payload, runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.kind, BOOKING_REMINDER_KIND), eq(jobs.status, 'pending'), sql`${jobs.payload} ->> 'bookingId' = ${bookingId}`));
}
