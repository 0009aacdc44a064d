import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../logger.ts';
import { createJobRunner, type JobRunner, type JobRunnerOptions } from './job-runner.ts';
import { createPurgeExpiredJob } from './purge-expired-job.ts';
import { createSendEmailJob, type SendEmailJobOptions } from './send-email-job.ts';

export interface AppJobRunnerOptions extends Partial<Omit<JobRunnerOptions, 'db' | 'handlers' | 'log'>> {
  env: Pick<Env, 'email'>;
  db: Database;
  log: Logger;
  /** Test seam: replaces the SMTP / smtp2go provider built from `env.email`. */
  emailProvider?: SendEmailJobOptions['provider'];
}

/** The server's runner with every job kind registered; `stop()` also closes the SMTP transport. */
export function createAppJobRunner(options: AppJobRunnerOptions): JobRunner {
  const { env, db, log, emailProvider, onStop, ...runnerOptions } = options;
  const sendEmail = createSendEmailJob({ db, config: env.email, provider: emailProvider });
  return createJobRunner({
    ...runnerOptions,
    db,
    log: log.child({ component: 'jobs' }),
    handlers: [sendEmail, createPurgeExpiredJob(db)],
    onStop: async () => {
      sendEmail.close();
      await onStop?.();
    },
  });
}
