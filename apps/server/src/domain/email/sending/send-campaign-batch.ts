import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { emailCampaignRecipients, emailCampaigns } from '#src/db/schema/index.ts';
import { storeEmailSender, type StoreEmailSender } from '#src/domain/email/account/store-email-sender.ts';
import type { Env } from '#src/env.ts';
import { retryDelayMs } from '#src/jobs/backoff.ts';
import { outboxIdForJob, saveToOutbox } from '#src/jobs/outbox.ts';
import type { Logger } from '#src/logger.ts';
import { EmailSendError } from '#src/providers/email/email-send-error.ts';
import type { EmailProvider } from '#src/providers/email/types.ts';
import { campaignMessage } from './campaign-message.ts';
import { claimCampaignRecipients, type ClaimedRecipient } from './claim-campaign-recipients.ts';
import type { CampaignBatchPayload } from './enqueue-campaign-batch.ts';
import { createSentMarker } from './create-sent-marker.ts';
import { finishCampaignSend } from './finish-campaign-send.ts';
import { loadCampaignTemplate, type LoadedCampaignTemplate } from './load-campaign-template.ts';
import { takeSendQuota } from './take-send-quota.ts';

export interface CampaignBatchDeps {
  db: Database;
  env: Pick<Env, 'appSecret' | 'dataDir' | 'publicUrl' | 'email' | 'emailCampaigns'>;
  /** The platform's SMTP / smtp2go provider (one pooled transport per process); null for the outbox. */
  platform: EmailProvider | null;
  now: () => Date;
  log: Logger;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** `continue`: queue the lane's next job at `runAt` (time slice over, or rows leased elsewhere / waiting to retry). */
export type BatchResult = { kind: 'finished' } | { kind: 'stopped' } | { kind: 'continue'; runAt: Date };

/** Rows claimed at a time, and messages in flight at once per batch job. */
const CHUNK = 50;
const PARALLEL = 16;
/** How long a drained lane waits for the other lane's last rows, and how often it looks. */
const SETTLE_MAX_MS = 5_000;
const SETTLE_POLL_MS = 200;
/** Tries per recipient before a retryable failure counts as failed. */
export const MAX_RECIPIENT_ATTEMPTS = 5;
/** The share of the lease kept in hand: a row is sent only while more than this is left. */
const LEASE_MARGIN = 0.4;
const ROW_BACKOFF = { baseMs: 5_000, maxMs: 5 * 60_000 };

/**
 * Sends a campaign's pending recipients until none is left, the campaign is stopped, or
 * `deadline` (the job's time slice) passes. Each round takes rate-limit quota, leases that many
 * rows, and sends them; each row leaves `pending` on its own right after its send:
 *
 * - outbox: the outbox row (its id derived from the recipient id) and the `sent` mark commit in
 *   one transaction — exactly once;
 * - SMTP / smtp2go: `sent` is written the moment the provider accepts. A crash between the
 *   acceptance and that write sends the row again once its lease has passed, with the same
 *   Message-ID (decision 025).
 *
 * Retryable failures put the row back with a backoff (its lease becomes the retry time);
 * permanent ones, or the last try, mark it `failed`.
 */
export async function sendCampaignBatch(deps: CampaignBatchDeps, payload: CampaignBatchPayload, deadline: Date): Promise<BatchResult> {
  const { db, env, now } = deps;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const { campaignId, storeId } = payload;
  const loaded = await loadCampaignTemplate(db, { campaignId, storeId, publicUrl: env.publicUrl });
  if (!loaded) return { kind: 'stopped' };
  const sender = await storeEmailSender(db, { config: env.email, env, storeId, platform: deps.platform ?? undefined });
  const marker = createSentMarker(db, now);
  const send = (row: ClaimedRecipient) => deliver(deps, { loaded, sender, campaignId, storeId, marker }, row);

  // Workers take rows from one local queue; when it runs dry one of them refills it (quota,
  // claim) while the others finish their sends, so there is no pause at the end of each claim.
  const queue: ClaimedRecipient[] = [];
  /** `drained`: nothing left to claim now; decided once this job's own sends have settled. */
  let result: BatchResult | { kind: 'drained' } | null = null;
  let refilling: Promise<void> | null = null;

  const refill = async (): Promise<void> => {
    while (result === null && queue.length === 0) {
      if (now() >= deadline) {
        result = { kind: 'continue', runAt: now() };
        return;
      }
      if (!(await stillSending(db, campaignId))) {
        result = { kind: 'stopped' };
        return;
      }
      const granted = await takeSendQuota(db, { storeId, want: CHUNK, limits: env.emailCampaigns, now: now() });
      if (granted === 0) {
        await sleep(1000 - (now().getTime() % 1000) + 5);
        continue;
      }
      const rows = await claimCampaignRecipients(db, { campaignId, storeId, limit: granted, leaseMs: env.emailCampaigns.leaseMs, now: now() });
      if (rows.length > 0) {
        queue.push(...rows);
        return;
      }
      result = { kind: 'drained' };
    }
  };

  const worker = async (): Promise<void> => {
    for (;;) {
      if (queue.length === 0) {
        if (result !== null) return;
        refilling ??= refill().finally(() => (refilling = null));
        await refilling;
        continue;
      }
      await send(queue.shift()!);
    }
  };
  let settleUntil = 0;
  for (;;) {
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    // Set by the workers' refills (closures, so TypeScript cannot see it change).
    const outcome = (result as BatchResult | { kind: 'drained' } | null) ?? { kind: 'continue', runAt: now() };
    if (outcome.kind !== 'drained') return outcome;
    settleUntil ||= Date.now() + SETTLE_MAX_MS;
    const next = await whenNothingClaimed(db, campaignId, now());
    // The last rows are still with the other lane (at most one claim, a second or so): wait for
    // them here rather than come back a whole lease later, so the campaign ends when its mail has.
    if (next?.kind === 'continue' && Date.now() < settleUntil) {
      await sleep(SETTLE_POLL_MS);
      continue;
    }
    if (next) return next;
    result = null; // rows are due again (the claimed ones were suppressed, or a lease just ended)
  }
}

/**
 * Nothing was claimable: the campaign is finished when no row is pending; otherwise come back when
 * the next one may be claimed (a lease elsewhere, a retry delay), or at once when one already may.
 */
async function whenNothingClaimed(db: Database, campaignId: string, at: Date): Promise<BatchResult | null> {
  const next = await nextPending(db, campaignId, at);
  if (next === null) {
    const finished = await finishCampaignSend(db, { campaignId, now: at });
    return finished || !(await stillSending(db, campaignId)) ? { kind: 'finished' } : { kind: 'stopped' };
  }
  return next.getTime() > at.getTime() ? { kind: 'continue', runAt: next } : null;
}

interface SendContext {
  loaded: LoadedCampaignTemplate;
  sender: StoreEmailSender;
  campaignId: string;
  storeId: string;
  marker: ReturnType<typeof createSentMarker>;
}

async function deliver(deps: CampaignBatchDeps, context: SendContext, row: ClaimedRecipient): Promise<void> {
  const { db, env, now } = deps;
  const message = campaignMessage({ env, loaded: context.loaded, campaignId: context.campaignId, storeId: context.storeId, from: context.sender.from, recipient: row });
  const provider = context.sender.provider;
  // A slow round (an overloaded machine) must not send a row whose lease ran out: another sender
  // may have taken it. It is left as it is and claimed again.
  if (now().getTime() > row.lockedUntil.getTime() - env.emailCampaigns.leaseMs * LEASE_MARGIN) return;
  try {
    if (provider === null) {
      await db.transaction(async (tx) => {
        const { id } = await saveToOutbox(tx, message, row.id);
        await markSent(tx, row.id, id, now());
      }).catch(async (error: unknown) => {
        // The outbox row of this recipient exists: another sender stored it and marks it.
        if (!isUniqueViolation(error)) throw error;
        await markSent(db, row.id, outboxIdForJob(row.id), now());
      });
      return;
    }
    const sent = await provider.send(message);
    await context.marker.mark(row.id, sent.providerMessageId);
  } catch (error) {
    await markFailure(deps, row, error).catch((markError: unknown) =>
      deps.log.error({ err: markError, recipientId: row.id }, 'could not record a campaign send failure; the row is retried after its lease'),
    );
  }
}

/** A stopped campaign's in-flight sends still count: their rows are `sent` even though stopping cancelled the rest. */
async function markSent(db: Executor, recipientId: string, providerMessageId: string | null, at: Date): Promise<void> {
  await db
    .update(emailCampaignRecipients)
    .set({ status: 'sent', sentAt: at, providerMessageId, lockedUntil: null, lastError: null })
    .where(and(eq(emailCampaignRecipients.id, recipientId), sql`${emailCampaignRecipients.status} in ('pending', 'cancelled')`));
}

async function markFailure(deps: CampaignBatchDeps, row: ClaimedRecipient, error: unknown): Promise<void> {
  const retryable = !(error instanceof EmailSendError) || error.retryable;
  const lastError = (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 1_000);
  const retry = retryable && row.attempts < MAX_RECIPIENT_ATTEMPTS;
  // A provider's Retry-After (429, 503) wins over a shorter backoff.
  const retryAfter = error instanceof EmailSendError ? (error.retryAfterMs ?? 0) : 0;
  const at = deps.now();
  await deps.db
    .update(emailCampaignRecipients)
    .set(
      retry
        ? { lastError, lockedUntil: new Date(at.getTime() + Math.max(retryDelayMs(row.attempts, deps.random ?? Math.random, ROW_BACKOFF), retryAfter)) }
        : { lastError, status: 'failed', lockedUntil: null },
    )
    .where(and(eq(emailCampaignRecipients.id, row.id), eq(emailCampaignRecipients.status, 'pending')));
  deps.log.warn({ recipientId: row.id, retry, error: lastError }, retry ? 'campaign send failed; will retry' : 'campaign send failed permanently');
}

async function stillSending(db: Database, campaignId: string): Promise<boolean> {
  const [row] = await db.select({ status: emailCampaigns.status }).from(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
  return row?.status === 'sending';
}

/** When the next pending row may be claimed (now for unleased rows), or null when none is pending. */
async function nextPending(db: Database, campaignId: string, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ next: sql<Date | string | null>`min(coalesce(${emailCampaignRecipients.lockedUntil}, ${now}::timestamptz))` })
    .from(emailCampaignRecipients)
    .where(and(eq(emailCampaignRecipients.campaignId, campaignId), eq(emailCampaignRecipients.status, 'pending')));
  return row?.next ? new Date(row.next) : null;
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
