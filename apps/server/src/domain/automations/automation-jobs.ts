// Exports automationJobs: the step job and the abandoned-checkout job (registered in app-jobs.ts) and the close of their transport.
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import type { JobHandler } from '#src/jobs/types.ts';
import { createSmtp2goProvider } from '#src/providers/email/smtp2go-provider.ts';
import { createSmtpProvider } from '#src/providers/email/smtp-provider.ts';
import type { EmailProvider } from '#src/providers/email/types.ts';
import { createAbandonedCheckoutJob } from './abandoned-checkout-job.ts';
import { AUTOMATION_STEP_KIND } from './automation-job-kinds.ts';
import { runAutomationStep } from './run-step.ts';

type AutomationEnv = Pick<Env, 'email'> & Partial<Pick<Env, 'appSecret' | 'dataDir' | 'publicUrl' | 'emailCampaigns' | 'payments'>>;

/** SMTP connections kept open for automation mail: each email batch sends its messages side by side over them, as campaigns do. */
const SMTP_POOL = 8;

export interface AutomationJobs {
  handlers: JobHandler[];
  /** Closes the SMTP transport these jobs opened (the runner's stop); an injected provider is its owner's to close. */
  close(): void;
}

/**
 * The automation jobs; none without the env campaign mail needs (public URL, data dir, campaign
 * limits). The step job's lease is the campaign lease (EMAIL_CAMPAIGN_LEASE_SECONDS), so a crashed
 * server's step is taken over as quickly as a campaign batch.
 */
export function automationJobs(options: { db: Database; env: AutomationEnv; provider?: EmailProvider | undefined }): AutomationJobs {
  const { db, env } = options;
  const { dataDir, publicUrl, emailCampaigns } = env;
  if (dataDir === undefined || publicUrl === undefined || emailCampaigns === undefined) return { handlers: [], close() {} };
  let built: EmailProvider | undefined;
  const deps = {
    db,
    env: { email: env.email, dataDir, publicUrl, emailCampaigns, appSecret: env.appSecret ?? null },
    messageIdDomain: /@([^\s<>@]+)>?\s*$/.exec(env.email.from)?.[1] ?? 'shopfront.invalid',
    // Built on first use: one pooled transport for this process's automation mail.
    platform: () => options.provider ?? (built ??= platformProvider(env.email)),
  };
  const step: JobHandler = {
    kind: AUTOMATION_STEP_KIND,
    leaseMs: emailCampaigns.leaseMs,
    run: (job, ctx) => runAutomationStep(deps, job, ctx),
  };
  return {
    handlers: [step, createAbandonedCheckoutJob({ db, env })],
    close() {
      if (built && 'close' in built && typeof built.close === 'function') built.close();
      built = undefined;
    },
  };
}

function platformProvider(config: Env['email']): EmailProvider | undefined {
  switch (config.provider) {
    case 'outbox':
      return undefined;
    case 'smtp':
      return createSmtpProvider({ ...config, pooledConnections: SMTP_POOL });
    case 'smtp2go':
      return createSmtp2goProvider({ apiKey: config.apiKey, baseUrl: config.baseUrl, from: config.from });
  }
}
