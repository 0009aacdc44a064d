// Exports automationJobHandlers: the step job and the abandoned-checkout job, registered in app-jobs.ts.
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

/**
 * The automation jobs; none without the env campaign mail needs (public URL, data dir, campaign
 * limits). The step job's lease is the campaign lease (EMAIL_CAMPAIGN_LEASE_SECONDS), so a crashed
 * server's step is taken over as quickly as a campaign batch.
 */
export function automationJobHandlers(options: { db: Database; env: AutomationEnv; provider?: EmailProvider | undefined }): JobHandler[] {
  const { db, env } = options;
  const { dataDir, publicUrl, emailCampaigns } = env;
  if (dataDir === undefined || publicUrl === undefined || emailCampaigns === undefined) return [];
  let platform: EmailProvider | undefined = options.provider;
  const deps = {
    db,
    env: { email: env.email, dataDir, publicUrl, emailCampaigns, appSecret: env.appSecret ?? null },
    messageIdDomain: /@([^\s<>@]+)>?\s*$/.exec(env.email.from)?.[1] ?? 'shopfront.invalid',
    // Built on first use: one transport for this process's automation mail.
    platform: () => (platform ??= platformProvider(env.email)),
  };
  const step: JobHandler = {
    kind: AUTOMATION_STEP_KIND,
    leaseMs: emailCampaigns.leaseMs,
    run: (job, ctx) => runAutomationStep(deps, job, ctx),
  };
  return [step, createAbandonedCheckoutJob({ db, env })];
}

function platformProvider(config: Env['email']): EmailProvider | undefined {
  switch (config.provider) {
    case 'outbox':
      return undefined;
    case 'smtp':
      return createSmtpProvider(config);
    case 'smtp2go':
      return createSmtp2goProvider({ apiKey: config.apiKey, baseUrl: config.baseUrl, from: config.from });
  }
}
