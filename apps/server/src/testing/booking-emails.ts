// Exports what booking email tests share (domain/bookings/notify, functions/bookings): the notice and reminder job runner, the queued emails and their invites.
import ical, { type VEvent } from 'node-ical';
import { createBookingNoticeJob } from '#src/domain/bookings/notify/booking-notice-job.ts';
import { createBookingReminderJob } from '#src/domain/bookings/notify/booking-reminder-job.ts';
import { BOOKING_NOTICE_KIND, BOOKING_REMINDER_KIND } from '#src/domain/bookings/notify/queue-booking-notices.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import type { EmailAttachment } from '#src/providers/email/types.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import type { TestApp } from '#src/testing/test-app.ts';

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
