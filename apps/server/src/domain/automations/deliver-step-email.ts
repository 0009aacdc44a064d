import type { AutomationStep } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { emailCampaignRecipients } from '#src/db/schema/index.ts';
import { storeEmailSender } from '#src/domain/email/account/store-email-sender.ts';
import { campaignMessage } from '#src/domain/email/sending/campaign-message.ts';
import { loadCampaignTemplate } from '#src/domain/email/sending/load-campaign-template.ts';
import type { Env } from '#src/env.ts';
import { saveToOutbox } from '#src/jobs/outbox.ts';
import { type ClaimedJob, type JobRunContext } from '#src/jobs/types.ts';
import { EmailSendError } from '#src/providers/email/email-send-error.ts';
import type { EmailProvider } from '#src/providers/email/types.ts';
import { drillHold } from './drill-hold.ts';
import type { ClaimedStepEmail } from './prepare-step-email.ts';
import { advanceRun, finishStep, lockRunState, type RunState } from './run-state.ts';

export interface DeliverDeps {
  db: Database;
  env: Pick<Env, 'appSecret' | 'dataDir' | 'publicUrl' | 'email' | 'emailCampaigns'>;
  /** The platform's SMTP / smtp2go provider; null for the outbox (or built from `env.email` when absent). */
  platform: () => EmailProvider | undefined;
  messageIdDomain: string;
}

/** A job whose lease is nearly over sends nothing: another server may take the step over any moment. */
export class StepLeaseTooShortError extends Error {
  override readonly name = 'StepLeaseTooShortError';
}

/** The share of the lease kept in hand, as campaign batches keep it (decision 025). */
const LEASE_MARGIN = 0.4;

interface Claimed {
  state: RunState;
  step: Extract<AutomationStep, { type: 'email' }>;
  index: number;
  prepared: ClaimedStepEmail;
}

/**
 * Sends an email step's message (the campaign renderer's output for the step's content version,
 * personalized with the row's signed links and fixed Message-ID) and moves the run on.
 * - Outbox: the outbox row, the row's `sent`, the step's `done`, the next step and the job's
 *   `done` commit together: exactly once.
 * - SMTP / smtp2go: the row is marked `sent` right after the provider accepts, then the run moves
 *   on. A crash between the acceptance and that mark sends again after the lease, with the same
 *   Message-ID; a crash after the mark never sends again (the next job finds the row sent).
 */
export async function deliverStepEmail(deps: DeliverDeps, job: ClaimedJob, ctx: JobRunContext, claimed: Claimed): Promise<void> {
  const { db, env } = deps;
  const { state, prepared } = claimed;
  const storeId = state.run.storeId;
  try {
    const loaded = await loadCampaignTemplate(db, { campaignId: prepared.campaignId, storeId, publicUrl: env.publicUrl });
    if (!loaded) throw new Error(`automation email ${prepared.campaignId} not found`);
    const sender = await storeEmailSender(db, { config: env.email, env, storeId, platform: deps.platform() });
    const message = campaignMessage({ env, loaded, campaignId: prepared.campaignId, storeId, from: sender.from, recipient: prepared.recipient });
    if (ctx.now().getTime() > job.lockedUntil.getTime() - env.emailCampaigns.leaseMs * LEASE_MARGIN) {
      throw new StepLeaseTooShortError('the step job lease is nearly over; the email is sent by its next run');
    }
    if (sender.provider === null) {
      await db.transaction(async (tx) => {
        await saveToOutbox(tx, message, prepared.recipient.id);
        await markSent(tx, prepared.recipient.id, null, ctx.now());
        await moveOn(tx, claimed, ctx, 'sent');
      });
      return;
    }
    const sent = await sender.provider.send(message);
    await drillHold(env.emailCampaigns.drillHold, 'after-accept');
    await markSent(db, prepared.recipient.id, sent.providerMessageId, ctx.now());
    await drillHold(env.emailCampaigns.drillHold, 'after-mark');
  } catch (error) {
    if (error instanceof EmailSendError && !error.retryable) {
      await db.transaction(async (tx) => {
        await tx
          .update(emailCampaignRecipients)
          .set({ status: 'failed', lastError: error.message.slice(0, 1_000), lockedUntil: null })
          .where(and(eq(emailCampaignRecipients.id, prepared.recipient.id), eq(emailCampaignRecipients.status, 'pending')));
        await moveOn(tx, claimed, ctx, 'failed');
      });
      return;
    }
    // Retried by the runner: the row is free again for the next attempt.
    await db.update(emailCampaignRecipients).set({ lockedUntil: null }).where(and(eq(emailCampaignRecipients.id, prepared.recipient.id), eq(emailCampaignRecipients.status, 'pending')));
    throw error;
  }
  await db.transaction((tx) => moveOn(tx, claimed, ctx, 'sent'));
}

async function markSent(db: Executor, recipientId: string, providerMessageId: string | null, at: Date): Promise<void> {
  await db
    .update(emailCampaignRecipients)
    .set({ status: 'sent', sentAt: at, providerMessageId, lockedUntil: null, lastError: null })
    .where(and(eq(emailCampaignRecipients.id, recipientId), sql`${emailCampaignRecipients.status} = 'pending'`));
}

/** The step's `done` and the run's next step, with the job's own `done` (a lost lease rolls it all back). */
async function moveOn(tx: Executor, claimed: Claimed, ctx: JobRunContext, outcome: string): Promise<void> {
  const fresh = await lockRunState(tx, { runId: claimed.state.run.id, storeId: claimed.state.run.storeId });
  const now = ctx.now();
  // A run stopped meanwhile (its checkout was paid) or moved on by another job stays as it is.
  if (fresh?.run.status === 'active' && fresh.run.stepId === claimed.step.id) {
    await finishStep(tx, { runId: fresh.run.id, stepId: claimed.step.id, outcome, now });
    const index = fresh.automation.steps.findIndex((step) => step.id === claimed.step.id);
    await advanceRun(tx, { run: fresh.run, steps: fresh.automation.steps, nextIndex: (index >= 0 ? index : claimed.index) + 1, now });
  }
  await ctx.complete(tx);
}
