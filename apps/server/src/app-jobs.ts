import type { Database } from './db/client.ts';
import type { Executor } from './db/executor.ts';
import { createAnalyticsMaintenanceJob, scheduleAnalyticsMaintenance } from './domain/analytics/maintenance/analytics-maintenance-job.ts';
import { createAnalyticsEventJob } from './domain/analytics/ingest/analytics-event-job.ts';
import { createAnalyticsRebuildJob } from './domain/analytics/ingest/analytics-rebuild-job.ts';
import { ANALYTICS_DEFAULTS } from './env/analytics-env.ts';
import { createExpireBillingGraceJob, scheduleExpireBillingGrace } from './domain/billing/expire-billing-grace-job.ts';
import { createFxRatesJob, scheduleFxRates } from './domain/currency/fx-rates-job.ts';
import { createRenewTestMembershipJob } from './domain/memberships/renew-test-membership-job.ts';
import { RENEW_TEST_MEMBERSHIP_KIND } from './domain/memberships/schedule-test-membership-charge.ts';
import { createChargeTestPlanInstalmentJob } from './domain/payment-plans/charge-test-plan-instalment-job.ts';
import { createMembershipNoticeJob } from './domain/memberships/self-service/membership-notice-job.ts';
import { createStripePriceMoveJob } from './domain/memberships/stripe/stripe-price-move-job.ts';
import { createTestMembershipResumeJob } from './domain/memberships/self-service/test-membership-resume-job.ts';
import { createUnlockNoticeJobs } from './domain/courses/unlock-notices/unlock-notice-job.ts';
import { createMembershipCourseEnrolmentJob } from './domain/courses/enrolment/membership-course-enrolment-job.ts';
import { createTestTrialEndingJob } from './domain/memberships/self-service/test-trial-ending-job.ts';
import { createTestRenewalUpcomingJob } from './domain/memberships/self-service/test-renewal-upcoming-job.ts';
import { AUTOMATION_STEP_KIND } from './domain/automations/automation-job-kinds.ts';
import { automationJobs } from './domain/automations/automation-jobs.ts';
import { createSaleDigestJob, scheduleSaleDigest } from './domain/notifications/sale-digest-job.ts';
import { createSweepUploadsJob, scheduleSweepUploads } from './domain/uploads/sweep-uploads-job.ts';
import { createTranscodeVideoJob, TRANSCODE_VIDEO_KIND } from './domain/courses/video/transcode-video-job.ts';
import { createReleaseBookingHoldJob } from './domain/bookings/release-holds.ts';
import { scheduleCalendarRefreshes } from './domain/bookings/busy/calendar-refresh-job.ts';
import { bookingMailJobs } from './domain/bookings/notify/booking-jobs.ts';
import { refundLostBookingJobs } from './domain/bookings/booking-refunds.ts';
import { CAMPAIGN_BATCH_KIND, CAMPAIGN_START_KIND } from './domain/email/sending/campaign-job-kinds.ts';
import { campaignSendJobs } from './domain/email/sending/campaign-send-jobs.ts';
import type { Env } from './env.ts';
import type { FileStorage } from './files/file-storage.ts';
import { storageFromEnv } from './files/storage-from-env.ts';
import { resumableStoreFromEnv } from './files/resumable-store.ts';
import type { Logger } from './logger.ts';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './jobs/job-runner.ts';
import { createPurgeExpiredJob, schedulePurgeExpired } from './jobs/purge-expired-job.ts';
import { createSendEmailJob, type SendEmailJobOptions } from './jobs/send-email-job.ts';
import { SEND_BULK_EMAIL_KIND } from './jobs/enqueue-email.ts';
import { MEMBERSHIP_NOTICE_KIND } from './domain/memberships/self-service/queue-membership-notices.ts';
import { createCdnPurgeJob } from './storefront/cdn-purge-job.ts';
import { createCdnPurger } from './storefront/cdn-purger.ts';

export interface AppJobRunnerOptions extends Partial<Omit<JobRunnerOptions, 'db' | 'handlers' | 'log'>> {
  /** With `dataDir` (and `storage`), the hourly upload sweep (decision 012) runs on the configured storage. */
  env: Pick<Env, 'email'> & Partial<Pick<Env, 'dataDir' | 'storage' | 'publicUrl' | 'appSecret' | 'emailCampaigns' | 'analytics' | 'currency' | 'front' | 'payments'>>;
  db: Database;
  log: Logger;
  /** Test seam: replaces the SMTP / smtp2go provider built from `env.email`. */
  emailProvider?: SendEmailJobOptions['provider'];
  /** Test seam: the storage the upload sweep cleans instead of the one `env` configures. */
  files?: FileStorage;
}

/** Campaign batch jobs run side by side with each other, never taking the slots of sign-in codes and receipts. */
const CAMPAIGN_KINDS = [CAMPAIGN_START_KIND, CAMPAIGN_BATCH_KIND];
const CAMPAIGN_CONCURRENCY = 4;
/** Video transcodes run one at a time on a runner of their own: minutes of ffmpeg never hold the main runner's slots. */
const VIDEO_KINDS = [TRANSCODE_VIDEO_KIND];
const VIDEO_CONCURRENCY = 1;
/**
 * Automation step jobs run on a runner of their own too: 100,000 contacts entering an automation
 * queue 100,000 step jobs at once, which must never stand in front of sign-in codes and receipts.
 * Four, as campaign batches: the job runners share the database pool (10) with the requests, and
 * eight measured no faster (decision 051).
 */
export const AUTOMATION_STEP_CONCURRENCY = 4;
/**
 * Test-provider membership renewals run on a runner of their own: moving a store's test clock past
 * the day 10,000 members renew makes 10,000 charges due at once, with run times in the past, and
 * the main runner takes jobs oldest first, so every store's sign-in codes and receipts would wait
 * behind all of them (`npm run bench -- memberships`, docs/memberships.md "Bench"). The membership
 * notices those charges queue (a receipt each) and the emails they render (the bulk email lane)
 * run there too, after the charges: otherwise 10,000 receipts would hold the main runner instead.
 */
const RENEWAL_KINDS = [RENEW_TEST_MEMBERSHIP_KIND, MEMBERSHIP_NOTICE_KIND, SEND_BULK_EMAIL_KIND];
const RENEWAL_CONCURRENCY = 4;

/**
 * The server's runner with every job kind registered; `stop()` also closes the SMTP transport.
 * With the full env (main.ts, tests passing `testEnv()`), campaign sending runs on a second runner
 * of its own (decision 025), and video transcodes on a third with one slot (decision 042), behind
 * the same interface.
 */
export function createAppJobRunner(options: AppJobRunnerOptions): JobRunner {
  const { env } = options;
  const { dataDir, publicUrl, emailCampaigns } = env;
  if (dataDir === undefined || publicUrl === undefined || emailCampaigns === undefined) return createMainJobRunner(options);
  const campaigns = campaignSendJobs({
    db: options.db,
    env: { email: env.email, dataDir, publicUrl, emailCampaigns, appSecret: env.appSecret ?? null },
    provider: options.emailProvider,
  });
  const main = createMainJobRunner({ ...options, kinds: { except: [...CAMPAIGN_KINDS, ...VIDEO_KINDS, AUTOMATION_STEP_KIND, ...RENEWAL_KINDS] } });
  const shared = {
    db: options.db,
    ...(options.now ? { now: options.now } : {}),
    ...(options.random ? { random: options.random } : {}),
    ...(options.pollIntervalMs ? { pollIntervalMs: options.pollIntervalMs } : {}),
    ...(options.listenConnectionString ? { listenConnectionString: options.listenConnectionString } : {}),
  };
  const campaign = createJobRunner({
    ...shared,
    log: options.log.child({ component: 'campaign-jobs' }),
    handlers: campaigns.handlers,
    kinds: { only: CAMPAIGN_KINDS },
    concurrency: CAMPAIGN_CONCURRENCY,
    onStop: () => campaigns.close(),
  });
  const files = options.files ?? storageFromEnv({ dataDir, storage: env.storage });
  const video = createJobRunner({
    ...shared,
    log: options.log.child({ component: 'video-jobs' }),
    handlers: [createTranscodeVideoJob({ db: options.db, files })],
    kinds: { only: VIDEO_KINDS },
    concurrency: VIDEO_CONCURRENCY,
  });
  const steps = automationJobs({ db: options.db, env, provider: options.emailProvider });
  const automation = createJobRunner({
    ...shared,
    log: options.log.child({ component: 'automation-jobs' }),
    handlers: steps.handlers.filter((handler) => handler.kind === AUTOMATION_STEP_KIND),
    kinds: { only: [AUTOMATION_STEP_KIND] },
    concurrency: AUTOMATION_STEP_CONCURRENCY,
    onStop: () => steps.close(),
  });
  const bulkEmail = createSendEmailJob({ db: options.db, config: env.email, provider: options.emailProvider, kind: SEND_BULK_EMAIL_KIND });
  const renewals = createJobRunner({
    ...shared,
    log: options.log.child({ component: 'renewal-jobs' }),
    handlers: [createRenewTestMembershipJob({ db: options.db }), createMembershipNoticeJob({ db: options.db, publicUrl }), bulkEmail],
    kinds: { only: RENEWAL_KINDS },
    concurrency: RENEWAL_CONCURRENCY,
    // A provider passed in is shared with the main lane, whose runner closes it once.
    onStop: () => (options.emailProvider ? undefined : bulkEmail.close()),
  });
  const runners = [main, campaign, video, automation, renewals];
  return {
    workerId: main.workerId,
    start() {
      for (const runner of runners) runner.start();
    },
    wake() {
      for (const runner of runners) runner.wake();
    },
    async runDue() {
      let total = 0;
      for (;;) {
        let ran = 0;
        for (const runner of runners) ran += await runner.runDue();
        if (ran === 0) return total;
        total += ran;
      }
    },
    async stop(stopOptions) {
      await Promise.all(runners.map((runner) => runner.stop(stopOptions)));
    },
  };
}

function createMainJobRunner(options: AppJobRunnerOptions): JobRunner {
  const { env, db, log, emailProvider, files: filesOption, onStop, ...runnerOptions } = options;
  const sendEmail = createSendEmailJob({ db, config: env.email, provider: emailProvider });
  // With the full env the bulk lane runs on the renewals runner; without it, here.
  const sendBulkEmail = createSendEmailJob({ db, config: env.email, provider: emailProvider, kind: SEND_BULK_EMAIL_KIND });
  const automations = automationJobs({ db, env, provider: emailProvider });
  const files = filesOption ?? (env.dataDir ? storageFromEnv({ dataDir: env.dataDir, storage: env.storage }) : undefined);
  return createJobRunner({
    ...runnerOptions,
    db,
    log: log.child({ component: 'jobs' }),
    handlers: [
      sendEmail,
      sendBulkEmail,
      createPurgeExpiredJob(db, { scheduleNext: scheduleHourlyJobs }),
      ...(files ? [createSweepUploadsJob({ db, files, ...(env.dataDir ? { resumable: resumableStoreFromEnv({ dataDir: env.dataDir, storage: env.storage }) } : {}) })] : []),
      ...(files ? [createTranscodeVideoJob({ db, files })] : []),
      createExpireBillingGraceJob({ db }),
      createRenewTestMembershipJob({ db }),
      ...(env.publicUrl ? [createChargeTestPlanInstalmentJob({ db, publicUrl: env.publicUrl })] : []),
      ...(env.payments ? [createStripePriceMoveJob({ db, env: { payments: env.payments } })] : []),
      createTestMembershipResumeJob({ db }),
      createTestTrialEndingJob({ db }),
      createTestRenewalUpcomingJob({ db }),
      createReleaseBookingHoldJob({ db }),
      // Booking emails and reminders, and the creators' imported calendars read every few minutes.
      ...bookingMailJobs({ db, env }),
      // A call paid after its time was lost is refunded through the order's provider.
      ...refundLostBookingJobs({ db, env }),
      ...automations.handlers,
      ...(env.publicUrl ? [createMembershipNoticeJob({ db, publicUrl: env.publicUrl })] : []),
      ...(env.publicUrl ? createUnlockNoticeJobs({ db, publicUrl: env.publicUrl }) : []),
      ...(env.publicUrl ? [createMembershipCourseEnrolmentJob({ db, publicUrl: env.publicUrl })] : []),
      createAnalyticsEventJob({ db }),
      createAnalyticsRebuildJob({ db }),
      createAnalyticsMaintenanceJob({ db, retentionMonths: env.analytics?.retentionMonths ?? ANALYTICS_DEFAULTS.retentionMonths }),
      // The daily exchange rates (FX_RATES_URL, else the bundled table) for approximate local prices.
      createFxRatesJob({ db, url: env.currency?.fxRatesUrl ?? null }),
      // The daily sale digest links to the dashboard, so it needs the public URL.
      ...(env.publicUrl ? [createSaleDigestJob({ db, publicUrl: env.publicUrl })] : []),
      // The CDN purge after a store change (CDN_PURGE; with none, a job left from before does nothing).
      createCdnPurgeJob({ purger: createCdnPurger(env.front?.purge ?? { kind: 'none' }) }),
    ],
    onStop: async () => {
      sendEmail.close();
      if (!emailProvider) sendBulkEmail.close();
      automations.close();
      await onStop?.();
    },
  });
}

/**
 * The server's hourly jobs: the identity purge and the upload sweep (decision 012), one job each
 * per hour however often it is called (at start, and after each purge run); the analytics
 * partitions and retention; the daily sale digest, one job per day (it also reschedules itself);
 * and the daily exchange rates.
 */
export async function scheduleHourlyJobs(db: Executor, now: Date) {
  await scheduleAnalyticsMaintenance(db, now);
  await scheduleFxRates(db, now);
  await scheduleSaleDigest(db, now);
  await scheduleSweepUploads(db, now);
  await scheduleExpireBillingGrace(db, now);
  await scheduleCalendarRefreshes(db, now);
  return schedulePurgeExpired(db, now);
}
