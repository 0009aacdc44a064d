// Exports the booking-notice test helpers: a store with a call, a booking, the pending reminders; the job runner, emails and invites (testing/booking-emails.ts).
import { and, eq, sql } from 'drizzle-orm';
import { jobs, stores, users } from '#src/db/schema/index.ts';
import { seedAvailability, seedCallProduct } from '#src/testing/bookings.ts';
import { seedCustomer, seedOrder, seedStore } from '#src/testing/orders.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { confirmBooking } from '../confirm-booking.ts';
import { holdSlot } from '../hold-slot.ts';
import { BOOKING_REMINDER_KIND } from './queue-booking-notices.ts';

export { bookingEmailsTo, bookingJobRunner, inviteOf, type QueuedBookingEmail } from '#src/testing/booking-emails.ts';

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

/** The pending reminder jobs of a booking. */
export function pendingReminders(t: TestApp, bookingId: string) {
  return t.db
    .select({ payload: jobs.payload, runAt: jobs.runAt })
    .from(jobs)
    .where(and(eq(jobs.kind, BOOKING_REMINDER_KIND), eq(jobs.status, 'pending'), sql`${jobs.payload} ->> 'bookingId' = ${bookingId}`));
}
