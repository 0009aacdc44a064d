import type { AutomationStep } from '@shopfront/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { emailCampaignRecipients } from '#src/db/schema/index.ts';
import { storeEmailSender } from '#src/domain/email/account/store-email-sender.ts';
import { campaignMessage } from '#src/domain/email/sending/campaign-message.ts';
import { createSentMarker } from '#src/domain/email/sending/create-sent-marker.ts';
import { loadCampaignTemplate } from '#src/domain/email/sending/load-campaign-template.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import type { Env } from '#src/env.ts';
import { outboxIdForJob, saveToOutbox } from '#src/jobs/outbox.ts';
import type { ClaimedJob, JobRunContext } from '#src/jobs/types.ts';
import { EmailSendError } from '#src/providers/email/email-send-error.ts';
import type { EmailProvider } from '#src/providers/email/types.ts';
import { drillHold } from './drill-hold.ts';
import { enqueueStep, type StepJobPayload } from './enqueue-step.ts';
import { moveOnBatch } from './move-on-batch.ts';
import { prepareEmailBatch, type BatchRecipient, type RunDisposition } from './prepare-email-batch.ts';
import type { RunRow } from './run-state.ts';
import { claimStepSiblings, finishSiblings, releaseSiblings } from './step-batch-jobs.ts';

export interface DeliverDeps {
  db: Database;
  env: Pick<Env, 'appSecret' | 'dataDir' | 'publicUrl' | 'email' | 'emailCampaigns'>;
  /** The platform's SMTP / smtp2go provider; null for the outbox (or built from `env.email` when absent). */
  platform: () => EmailProvider | undefined;
  messageIdDomain: string;
}

/** Step jobs (runs) one batch takes: the lead and up to this many less one of its siblings. */
export const STEP_EMAIL_BATCH = 100;
/** Resend's documented SMTP header for an idempotency key (kept 24 hours there); other providers ignore it. */
export const IDEMPOTENCY_HEADER = 'Resend-Idempotency-Key';
/** The share of the lease kept in hand, as campaign batches keep it (decision 025). */
const LEASE_MARGIN = 0.4;

export interface LeadStep {
  run: RunRow;
  automation: { id: string; name: string; status: string };
  step: Extract<AutomationStep, { type: 'email' }>;
  index: number;
  /** False when the job named a step an edit removed (this is the step now at its place): its siblings name the removed one. */
  withSiblings: boolean;
}

type Sent = 'sent' | 'failed' | { retryMs: number; countAttempt: boolean };

/**
 * An email step as a batch lane (decision 054): the job the runner gave us leads, and takes the
 * same step's other due jobs of the store with it (at most STEP_EMAIL_BATCH runs). One transaction
 * prepares every run (`prepareEmailBatch`); the messages then go out side by side over the pooled
 * transport, each rendered from its version's template (rendered once per process) and marked
 * `sent` the moment the provider accepts (grouped marks, as campaigns); a last transaction records
 * the steps, moves the runs on, settles the sibling jobs and completes the lead.
 * - Outbox: a row's outbox message and its `sent` mark commit together: exactly once.
 * - SMTP / smtp2go: a crash between the provider's acceptance and the mark sends that row again
 *   after its lease, with the same Message-ID; from the mark on, never again (the next batch finds
 *   the row sent and only moves the run on).
 */
export async function runEmailStepBatch(deps: DeliverDeps, job: ClaimedJob, ctx: JobRunContext, lead: LeadStep): Promise<void> {
  const { db, env } = deps;
  const payload = job.payload as StepJobPayload;
  const { storeId } = lead.run;
  const now = ctx.now();
  const siblings = lead.withSiblings ? await claimStepSiblings(db, job, { limit: STEP_EMAIL_BATCH - 1, now }) : [];
  const jobOfRun = new Map(siblings.map((sibling) => [sibling.payload.runId, sibling.id]));
  let dispositions: Map<string, RunDisposition>;
  try {
    dispositions = await db.transaction((tx) =>
      prepareEmailBatch(tx, {
        storeId,
        automation: lead.automation,
        step: lead.step,
        runIds: [lead.run.id, ...jobOfRun.keys()],
        now,
        leaseUntil: new Date(job.lockedUntil.getTime() + env.emailCampaigns.leaseMs),
        limits: env.emailCampaigns,
        messageIdDomain: deps.messageIdDomain,
      }),
    );
  } catch (error) {
    await releaseSiblings(db, job, siblings.map((sibling) => sibling.id), { runAt: now, now, countAttempt: true });
    throw error;
  }
  const sends = [...dispositions].flatMap(([runId, d]) => (d.kind === 'send' ? [{ runId, campaignId: d.campaignId, recipient: d.recipient }] : []));
  const results = new Map<string, Sent>();
  if (sends.length > 0) {
    const sendOne = await sender(deps, job, ctx, storeId);
    await Promise.all(sends.map(async (send) => results.set(send.runId, await sendOne(send.campaignId, send.recipient))));
  }

  const outcomes = new Map<string, string>();
  const retries: { runId: string; delayMs: number; countAttempt: boolean }[] = [];
  for (const [runId, d] of dispositions) {
    if (d.kind === 'move-on') outcomes.set(runId, d.outcome);
    else if (d.kind === 'retry') retries.push({ runId, delayMs: d.delayMs, countAttempt: false });
    else if (d.kind === 'send') {
      const result = results.get(runId)!;
      if (typeof result === 'string') outcomes.set(runId, result);
      else retries.push({ runId, delayMs: result.retryMs, countAttempt: result.countAttempt });
    }
  }
  await db.transaction(async (tx) => {
    const at = ctx.now();
    await moveOnBatch(tx, { storeId, automationId: lead.automation.id, stepId: lead.step.id, stepIndex: lead.index, outcomes, now: at });
    const released = new Set<string>();
    for (const retry of retries) {
      if (retry.runId === lead.run.id) await holdLead(tx, lead, payload, at, retry.delayMs);
      else {
        const id = jobOfRun.get(retry.runId)!;
        released.add(id);
        await releaseSiblings(tx, job, [id], { runAt: new Date(at.getTime() + retry.delayMs), now: at, countAttempt: retry.countAttempt });
      }
    }
    await finishSiblings(tx, job, siblings.map((sibling) => sibling.id).filter((id) => !released.has(id)), at);
    await ctx.complete(tx);
  });
  const sent = [...outcomes.values()].filter((outcome) => outcome === 'sent').length;
  ctx.log.info({ stepId: lead.step.id, runs: dispositions.size, sent, retries: retries.length }, 'automation email batch');
}

/** The lead's run tries again later through a hold job of its own (on the run's clock), as a single step did. */
async function holdLead(tx: Executor, lead: LeadStep, payload: StepJobPayload, now: Date, delayMs: number): Promise<void> {
  const offset = lead.run.clock === 'test' ? await readTestClockOffsetMs(tx, lead.run.storeId) : 0;
  const retryAtClock = new Date(now.getTime() + offset + Math.max(0, delayMs));
  await enqueueStep(tx, lead.run, { stepId: lead.step.id, stepIndex: payload.stepIndex, phase: `hold:${retryAtClock.getTime()}` }, retryAtClock);
}

/** The batch's sender: the store's From and provider looked up once, templates once per version. */
async function sender(deps: DeliverDeps, job: ClaimedJob, ctx: JobRunContext, storeId: string) {
  const { db, env } = deps;
  const from = await storeEmailSender(db, { config: env.email, env, storeId, platform: deps.platform() });
  const marker = createSentMarker(db, ctx.now);
  const templates = new Map<string, ReturnType<typeof loadCampaignTemplate>>();
  return async (campaignId: string, recipient: BatchRecipient): Promise<Sent> => {
    try {
      if (!templates.has(campaignId)) templates.set(campaignId, loadCampaignTemplate(db, { campaignId, storeId, publicUrl: env.publicUrl }));
      const loaded = await templates.get(campaignId)!;
      if (!loaded) throw new Error(`automation email ${campaignId} not found`);
      const message = campaignMessage({ env, loaded, campaignId, storeId, from: from.from, recipient });
      // The row's id as an idempotency key: a provider that honours one (Resend's SMTP relay reads
      // this header) refuses the repeat that a crash between its acceptance and our mark sends.
      message.headers = { ...message.headers, [IDEMPOTENCY_HEADER]: recipient.id };
      // A slow round must not send a row whose lease may pass to another holder: it goes next time.
      if (ctx.now().getTime() > job.lockedUntil.getTime() - env.emailCampaigns.leaseMs * LEASE_MARGIN) {
        await release(db, recipient.id);
        return { retryMs: 0, countAttempt: false };
      }
      if (from.provider === null) {
        await db
          .transaction(async (tx) => {
            const { id } = await saveToOutbox(tx, message, recipient.id);
            await markSent(tx, recipient.id, id, ctx.now());
          })
          .catch(async (error: unknown) => {
            // The outbox row of this recipient exists: an earlier holder stored it; mark it.
            if (!isUniqueViolation(error)) throw error;
            await markSent(db, recipient.id, outboxIdForJob(recipient.id), ctx.now());
          });
        return 'sent';
      }
      const sent = await from.provider.send(message);
      await drillHold(env.emailCampaigns.drillHold, 'after-accept');
      try {
        await marker.mark(recipient.id, sent.providerMessageId);
      } catch (error) {
        // Accepted but not recorded: the row keeps its lease and is sent again after it (same Message-ID).
        ctx.log.error({ err: error, recipientId: recipient.id }, 'could not mark an automation email sent');
        return { retryMs: env.emailCampaigns.leaseMs * 2, countAttempt: false };
      }
      await drillHold(env.emailCampaigns.drillHold, 'after-mark');
      return 'sent';
    } catch (error) {
      if (error instanceof EmailSendError && !error.retryable) {
        await db
          .update(emailCampaignRecipients)
          .set({ status: 'failed', lastError: error.message.slice(0, 1_000), lockedUntil: null })
          .where(and(eq(emailCampaignRecipients.id, recipient.id), eq(emailCampaignRecipients.status, 'pending')));
        return 'failed';
      }
      ctx.log.warn({ err: error, recipientId: recipient.id }, 'automation email failed; will retry');
      await release(db, recipient.id, error instanceof Error ? error.message : String(error));
      const retryAfter = error instanceof EmailSendError ? (error.retryAfterMs ?? 0) : 0;
      return { retryMs: Math.max(Math.min(5_000 * 2 ** (recipient.attempts - 1), 5 * 60_000), retryAfter), countAttempt: true };
    }
  };
}

/** Frees a row for its next attempt. */
async function release(db: Executor, recipientId: string, lastError?: string): Promise<void> {
  await db
    .update(emailCampaignRecipients)
    .set({ lockedUntil: null, ...(lastError === undefined ? {} : { lastError: lastError.slice(0, 1_000) }) })
    .where(and(eq(emailCampaignRecipients.id, recipientId), eq(emailCampaignRecipients.status, 'pending')));
}

async function markSent(db: Executor, recipientId: string, providerMessageId: string | null, at: Date): Promise<void> {
  await db
    .update(emailCampaignRecipients)
    .set({ status: 'sent', sentAt: at, providerMessageId, lockedUntil: null, lastError: null })
    .where(and(inArray(emailCampaignRecipients.id, [recipientId]), sql`${emailCampaignRecipients.status} = 'pending'`));
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
