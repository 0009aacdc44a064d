import type { AutomationStep } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { automationStepRuns, emailCampaignRecipients, storeEmailSettings } from '#src/db/schema/index.ts';
import { takeSendQuota, type SendLimits } from '#src/domain/email/sending/take-send-quota.ts';
import type { RunState } from './run-state.ts';
import { stepEmailVersion } from './step-email-version.ts';

type EmailStep = Extract<AutomationStep, { type: 'email' }>;

export interface ClaimedStepEmail {
  campaignId: string;
  recipient: { id: string; email: string; messageId: string };
}

/**
 * What an email step does in the run's transaction, before any sending:
 * - `hold`: not now (the store's sending is paused for complaints, it has no postal address, or its
 *   per-second quota or the platform's is used up): the step is tried again at `retryAt`.
 * - `sent`: this run's message for the step went out already (a job taken over after a crash).
 * - `claimed`: the run's recipient row — made once per run and step, with its fixed Message-ID —
 *   is leased to this job until its own lease ends, so no other job sends it meanwhile.
 * - `busy`: another job holds the row (its lease has not ended).
 */
export type PreparedEmail =
  | { kind: 'hold'; retryAt: Date; reason: string }
  | { kind: 'sent' }
  | { kind: 'busy' }
  | ({ kind: 'claimed' } & ClaimedStepEmail);

export async function prepareStepEmail(
  tx: Executor,
  state: RunState,
  step: EmailStep,
  options: { now: Date; leaseUntil: Date; limits: SendLimits; messageIdDomain: string },
): Promise<PreparedEmail> {
  const { run } = state;
  const { now } = options;
  const [settings] = await tx
    .select({ pausedAt: storeEmailSettings.pausedAt, postalAddress: storeEmailSettings.postalAddress })
    .from(storeEmailSettings)
    .where(eq(storeEmailSettings.storeId, run.storeId));
  if (settings?.pausedAt) return { kind: 'hold', retryAt: new Date(now.getTime() + 60 * 60_000), reason: 'sending paused' };
  if (!settings?.postalAddress.trim()) return { kind: 'hold', retryAt: new Date(now.getTime() + 60 * 60_000), reason: 'no postal address' };

  const [stepRun] = await tx
    .select({ recipientId: automationStepRuns.recipientId })
    .from(automationStepRuns)
    .where(and(eq(automationStepRuns.runId, run.id), eq(automationStepRuns.stepId, step.id)));
  let recipientId = stepRun?.recipientId ?? null;
  if (recipientId === null) {
    const campaignId = await stepEmailVersion(tx, { storeId: run.storeId, automationId: state.automation.id, automationName: state.automation.name, step, now });
    recipientId = newId('rcp');
    await tx.insert(emailCampaignRecipients).values({
      id: recipientId,
      campaignId,
      storeId: run.storeId,
      customerId: state.contact.id,
      automationRunId: run.id,
      email: state.contact.email,
      name: state.contact.name,
      messageId: `<${recipientId}@${options.messageIdDomain}>`,
      createdAt: now,
    });
    await tx
      .update(automationStepRuns)
      .set({ recipientId })
      .where(and(eq(automationStepRuns.runId, run.id), eq(automationStepRuns.stepId, step.id)));
  }
  const [row] = await tx.select().from(emailCampaignRecipients).where(eq(emailCampaignRecipients.id, recipientId));
  if (!row) throw new Error('automation recipient row vanished');
  if (row.status === 'sent') return { kind: 'sent' };

  const granted = await takeSendQuota(tx, { storeId: run.storeId, want: 1, limits: options.limits, now });
  if (granted === 0) return { kind: 'hold', retryAt: new Date(Math.floor(now.getTime() / 1000) * 1000 + 1000), reason: 'rate limit' };
  const [claimed] = await tx
    .update(emailCampaignRecipients)
    .set({ lockedUntil: options.leaseUntil, attempts: sql`${emailCampaignRecipients.attempts} + 1` })
    .where(
      and(
        eq(emailCampaignRecipients.id, recipientId),
        eq(emailCampaignRecipients.status, 'pending'),
        sql`(${emailCampaignRecipients.lockedUntil} is null or ${emailCampaignRecipients.lockedUntil} <= ${now})`,
      ),
    )
    .returning({ id: emailCampaignRecipients.id });
  if (!claimed) return { kind: 'busy' };
  return { kind: 'claimed', campaignId: row.campaignId, recipient: { id: row.id, email: row.email, messageId: row.messageId } };
}
