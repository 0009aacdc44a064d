// Exports the campaign job handlers (campaignSendJobs): the start job and the batch job share
// their dependencies and the process's pooled SMTP transport, so they are built together.
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import type { ClaimedJob, JobHandler, JobRunContext } from '#src/jobs/types.ts';
import { createSmtp2goProvider } from '#src/providers/email/smtp2go-provider.ts';
import { createSmtpProvider } from '#src/providers/email/smtp-provider.ts';
import type { EmailProvider } from '#src/providers/email/types.ts';
import { CAMPAIGN_BATCH_KIND, CAMPAIGN_START_KIND } from './campaign-job-kinds.ts';
import { enqueueCampaignBatch, type CampaignBatchPayload } from './enqueue-campaign-batch.ts';
import { purgeSendWindows } from './purge-send-windows.ts';
import type { CampaignStartPayload } from './schedule-campaign-send.ts';
import { sendCampaignBatch } from './send-campaign-batch.ts';
import { startCampaignSend } from './start-campaign-send.ts';

export interface CampaignSendJobsOptions {
  db: Database;
  env: Pick<Env, 'appSecret' | 'dataDir' | 'publicUrl' | 'email' | 'emailCampaigns'>;
  /** Test seam: replaces the SMTP / smtp2go provider built from `env.email`. */
  provider?: EmailProvider | undefined;
  fetch?: typeof fetch | undefined;
}

/** SMTP connections kept open for campaign mail (each carries one message at a time). */
const SMTP_POOL = 8;

/**
 * The start job (fan-out, decision 025) and the batch job. Both have the campaign lease
 * (EMAIL_CAMPAIGN_LEASE_SECONDS) as their job lease, so after a crash their jobs and rows are
 * taken over together; a batch works for half of it, then queues its lane's next job.
 */
export function campaignSendJobs(options: CampaignSendJobsOptions): { handlers: JobHandler[]; close(): void } {
  const { db, env } = options;
  const leaseMs = env.emailCampaigns.leaseMs;
  const platform = options.provider ?? platformProvider(env.email, options.fetch);
  const messageIdDomain = /@([^\s<>@]+)>?\s*$/.exec(env.email.from)?.[1] ?? 'shopfront.invalid';

  const start: JobHandler = {
    kind: CAMPAIGN_START_KIND,
    leaseMs,
    async run(job: ClaimedJob, ctx: JobRunContext) {
      const payload = job.payload as CampaignStartPayload;
      const result = await db.transaction(async (tx) => {
        const outcome = await startCampaignSend(tx, payload, { messageIdDomain, now: ctx.now() });
        await ctx.complete(tx);
        return outcome;
      });
      ctx.log.info({ campaignId: payload.campaignId, ...result }, 'campaign start');
    },
  };

  const batch: JobHandler = {
    kind: CAMPAIGN_BATCH_KIND,
    leaseMs,
    async run(job: ClaimedJob, ctx: JobRunContext) {
      const payload = job.payload as CampaignBatchPayload;
      const deadline = new Date(ctx.now().getTime() + leaseMs / 2);
      await purgeSendWindows(db, ctx.now());
      const result = await sendCampaignBatch({ db, env, platform, now: ctx.now, log: ctx.log }, payload, deadline);
      if (result.kind !== 'continue') return;
      await db.transaction(async (tx) => {
        await enqueueCampaignBatch(tx, { ...payload, seq: payload.seq + 1 }, result.runAt);
        await ctx.complete(tx);
      });
    },
  };

  return {
    handlers: [start, batch],
    close() {
      if (platform && 'close' in platform && typeof platform.close === 'function') platform.close();
    },
  };
}

function platformProvider(config: Env['email'], fetchImpl: typeof fetch | undefined): EmailProvider | null {
  switch (config.provider) {
    case 'outbox':
      return null;
    case 'smtp':
      return createSmtpProvider({ ...config, pooledConnections: SMTP_POOL });
    case 'smtp2go':
      return createSmtp2goProvider({ apiKey: config.apiKey, baseUrl: config.baseUrl, from: config.from, fetch: fetchImpl });
  }
}
