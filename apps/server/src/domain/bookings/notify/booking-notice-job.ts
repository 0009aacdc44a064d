// Exports createBookingNoticeJob: renders a booking change's emails and queues each side's once.
import type { Database } from '#src/db/client.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { PermanentJobError, type JobHandler } from '#src/jobs/types.ts';
import { loadBookingEmailContext, orderRefund } from './booking-email-context.ts';
import { bookingEmails } from './booking-emails.ts';
import { BOOKING_NOTICE_KIND, type BookingNotice } from './queue-booking-notices.ts';

const NOTICES = new Set(['confirmed', 'rescheduled', 'cancelled', 'no-show', 'meeting-link']);
const isNotice = (value: unknown): value is BookingNotice => {
  const payload = value as Partial<BookingNotice> | null;
  return typeof payload?.bookingId === 'string' && NOTICES.has(payload.notice ?? '') && typeof payload.sequence === 'number' && typeof payload.startsAt === 'string' && typeof payload.endsAt === 'string';
};

/**
 * Each side's email is queued for `send-email` under a key of the booking, the notice, its
 * sequence and the side, in the transaction that marks this job done: a run twice (a retry, a
 * second runner) queues each once. A no-show and a new meeting link go to the buyer only.
 */
export function createBookingNoticeJob(options: { db: Database; publicUrl: string }): JobHandler {
  return {
    kind: BOOKING_NOTICE_KIND,
    async run(job, ctx) {
      if (!isNotice(job.payload)) throw new PermanentJobError('booking-notice: bad payload');
      const notice = job.payload;
      await options.db.transaction(async (tx) => {
        const context = await loadBookingEmailContext(tx, notice.bookingId);
        if (context) {
          const refund = notice.notice !== 'cancelled' ? undefined : notice.refund !== undefined ? notice.refund : await orderRefund(tx, context.booking);
          const emails = bookingEmails(
            context,
            { startsAt: new Date(notice.startsAt), endsAt: new Date(notice.endsAt), sequence: notice.sequence },
            {
              notice: notice.notice,
              audiences: notice.notice === 'no-show' || notice.notice === 'meeting-link' ? ['buyer'] : ['buyer', 'creator'],
              publicUrl: options.publicUrl,
              now: ctx.now(),
              previousStartsAt: notice.previousStartsAt ? new Date(notice.previousStartsAt) : undefined,
              refund,
            },
          );
          for (const { audience, message } of emails) {
            await enqueueEmail(tx, message, { idempotencyKey: `booking:${notice.bookingId}:${notice.notice}:${notice.sequence}:${audience}` });
          }
        } else ctx.log.info({ bookingId: notice.bookingId }, 'booking notice: the booking is gone');
        await ctx.complete(tx);
      });
    },
  };
}
