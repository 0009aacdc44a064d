// Exports bookingMailJobs: the job handlers of the booking emails, reminders and calendar imports, for the app's runner.
import type { Database } from '#src/db/client.ts';
import type { JobHandler } from '#src/jobs/types.ts';
import { createRefreshCalendarJob } from '../busy/calendar-refresh-job.ts';
import { createBookingNoticeJob } from './booking-notice-job.ts';
import { createBookingReminderJob } from './booking-reminder-job.ts';

/**
 * The emails and reminders need the public URL (their links); without it they wait in the queue.
 * Calendar imports may read a loopback address only outside production (a local stand-in).
 */
export function bookingMailJobs(deps: { db: Database; env: { publicUrl?: string | undefined; nodeEnv?: string | undefined } }): JobHandler[] {
  const { db, env } = deps;
  const allowLoopback = env.nodeEnv === 'development' || env.nodeEnv === 'test';
  return [
    createRefreshCalendarJob({ db, allowLoopback }),
    ...(env.publicUrl ? [createBookingNoticeJob({ db, publicUrl: env.publicUrl }), createBookingReminderJob({ db, publicUrl: env.publicUrl })] : []),
  ];
}
