// Exports queueBookingNotice and the notice/reminder job kinds: what a booking change queues, in its transaction.
import type { Executor } from '#src/db/executor.ts';
import type { BookingRow } from '#src/db/schema/index.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';

export const BOOKING_NOTICE_KIND = 'booking-notice';
export const BOOKING_REMINDER_KIND = 'booking-reminder';

/** `meeting-link`: the creator made or changed the booking's own link (the buyer gets the updated invite). */
export type BookingNoticeKind = 'confirmed' | 'rescheduled' | 'cancelled' | 'no-show' | 'meeting-link';

const HOUR = 3_600_000;
/** The reminders before a call, and how long before its start each is due. */
export const REMINDER_LEADS = { '24h': 24 * HOUR, '1h': HOUR } as const;
export type ReminderLead = keyof typeof REMINDER_LEADS;

/** A cancellation's refund line: what the order took and what it has had refunded in all (minor units). */
export interface CancelRefund {
  paidCents: number;
  refundedCents: number;
  currency: string;
}

/**
 * The booking as it was when the change happened: the emails are rendered later by the job (they
 * need the public URL), but they describe this version, whatever happens to the booking meanwhile.
 */
export interface BookingNotice {
  bookingId: string;
  notice: BookingNoticeKind;
  sequence: number;
  startsAt: string;
  endsAt: string;
  /** A reschedule: the start it had before. */
  previousStartsAt?: string;
  /** A cancellation: its order's payment and refunds; null: nothing was paid. */
  refund?: CancelRefund | null;
}

export interface BookingReminder {
  bookingId: string;
  lead: ReminderLead;
  /** The version it reminds of: a booking moved or cancelled since has another, and this one sends nothing. */
  sequence: number;
  startsAt: string;
}

/**
 * Called in the transaction of each booking change, after the row is written, so a notice exists
 * exactly when its change does; the key (booking, notice, sequence) makes a replay queue one. A
 * confirmation, a reschedule or a new meeting link also queues the reminders for the new time (keyed by sequence, so
 * the old ones find the booking changed and send nothing). Test-mode bookings' reminders follow
 * the store's test clock (decision 035); a reminder whose time has already passed is not queued.
 */
export async function queueBookingNotice(
  db: Executor,
  booking: BookingRow,
  change: { notice: BookingNoticeKind; now: Date; previousStartsAt?: Date | undefined; refund?: CancelRefund | null | undefined },
): Promise<void> {
  const payload: BookingNotice = {
    bookingId: booking.id,
    notice: change.notice,
    sequence: booking.sequence,
    startsAt: booking.startsAt.toISOString(),
    endsAt: booking.endsAt.toISOString(),
    ...(change.previousStartsAt ? { previousStartsAt: change.previousStartsAt.toISOString() } : {}),
    ...(change.refund === undefined ? {} : { refund: change.refund }),
  };
  await enqueueJob(db, BOOKING_NOTICE_KIND, payload, { idempotencyKey: `${booking.id}:${change.notice}:${booking.sequence}` });
  // A new link raises the sequence too, so the reminders are queued again for it (the old ones send nothing).
  if (change.notice === 'confirmed' || change.notice === 'rescheduled' || change.notice === 'meeting-link') await queueBookingReminders(db, booking, change.now);
}

async function queueBookingReminders(db: Executor, booking: BookingRow, now: Date): Promise<void> {
  const offsetMs = booking.testMode ? await readTestClockOffsetMs(db, booking.storeId) : 0;
  const clockNow = now.getTime() + offsetMs;
  for (const [lead, before] of Object.entries(REMINDER_LEADS) as [ReminderLead, number][]) {
    const runAt = new Date(booking.startsAt.getTime() - before);
    if (runAt.getTime() < clockNow) continue;
    const payload: BookingReminder = { bookingId: booking.id, lead, sequence: booking.sequence, startsAt: booking.startsAt.toISOString() };
    await enqueueJob(db, BOOKING_REMINDER_KIND, payload, {
      idempotencyKey: `${booking.id}:${booking.sequence}:${lead}`,
      runAt,
      ...(booking.testMode ? { testClock: { storeId: booking.storeId } } : {}),
    });
  }
}
