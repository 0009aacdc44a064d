// Exports createBookingReminderJob: the reminders to the buyer and the creator 24 h and 1 h before a call, sent once, only for the booking as it still is.
import type { Database } from '#src/db/client.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { PermanentJobError, type JobHandler } from '#src/jobs/types.ts';
import { loadBookingEmailContext } from './booking-email-context.ts';
import { bookingEmails } from './booking-emails.ts';
import { BOOKING_REMINDER_KIND, REMINDER_LEADS, type BookingReminder } from './queue-booking-notices.ts';

const LEAD_TEXT = { '24h': 'in 24 hours', '1h': 'in 1 hour' } as const;
const isReminder = (value: unknown): value is BookingReminder => {
  const payload = value as Partial<BookingReminder> | null;
  return typeof payload?.bookingId === 'string' && (payload.lead === '24h' || payload.lead === '1h') && typeof payload.sequence === 'number' && typeof payload.startsAt === 'string';
};

/**
 * Sends the reminder only if the booking is still confirmed at the same version (a reschedule or
 * cancellation raised its sequence: the new time has reminders of its own) and the reminder is
 * not late: never once the call has started, and the 24-hour one not once the 1-hour one is due.
 * "Now" is the store's test clock for a test-mode booking. Keyed per booking, sequence and lead.
 */
export function createBookingReminderJob(options: { db: Database; publicUrl: string }): JobHandler {
  return {
    kind: BOOKING_REMINDER_KIND,
    async run(job, ctx) {
      if (!isReminder(job.payload)) throw new PermanentJobError('booking-reminder: bad payload');
      const reminder = job.payload;
      await options.db.transaction(async (tx) => {
        const context = await loadBookingEmailContext(tx, reminder.bookingId);
        const booking = context?.booking;
        const current = booking && booking.status === 'confirmed' && booking.sequence === reminder.sequence && booking.startsAt.toISOString() === reminder.startsAt;
        const now = ctx.now();
        const clockNow = current && booking.testMode ? now.getTime() + (await readTestClockOffsetMs(tx, booking.storeId)) : now.getTime();
        const lateAfter = booking ? booking.startsAt.getTime() - (reminder.lead === '24h' ? REMINDER_LEADS['1h'] : 0) : 0;
        if (context && current && clockNow < lateAfter) {
          const emails = bookingEmails(context, booking, { notice: 'reminder', audiences: ['buyer', 'creator'], publicUrl: options.publicUrl, now, leadText: LEAD_TEXT[reminder.lead] });
          // The buyer's key has no suffix so a reminder queued before both sides got one is not sent twice.
          for (const { audience, message } of emails) {
            await enqueueEmail(tx, message, { idempotencyKey: `booking:${reminder.bookingId}:reminder:${reminder.sequence}:${reminder.lead}${audience === 'buyer' ? '' : ':creator'}` });
          }
        } else ctx.log.info({ bookingId: reminder.bookingId, lead: reminder.lead }, 'booking reminder no longer applies');
        await ctx.complete(tx);
      });
    },
  };
}
