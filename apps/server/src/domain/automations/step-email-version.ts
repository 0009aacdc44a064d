import { createHash } from 'node:crypto';
import type { AutomationStep } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { automationStepEmails, emailCampaigns } from '#src/db/schema/index.ts';

type EmailStep = Extract<AutomationStep, { type: 'email' }>;

/**
 * The hidden campaign holding this content of an email step (decision 044), made on first use.
 * A campaign row's body never changes, so the per-process render cache and the click redirects of
 * mail already sent stay right; an edit makes a new version, and the next send uses it.
 */
export async function stepEmailVersion(tx: Executor, options: { storeId: string; automationId: string; automationName: string; step: EmailStep; now: Date }): Promise<string> {
  const { step, automationId } = options;
  const contentHash = createHash('sha256').update(JSON.stringify([step.subject, step.previewText, step.body])).digest('hex').slice(0, 40);
  const where = and(eq(automationStepEmails.automationId, automationId), eq(automationStepEmails.stepId, step.id), eq(automationStepEmails.contentHash, contentHash));
  const [found] = await tx.select({ campaignId: automationStepEmails.campaignId }).from(automationStepEmails).where(where);
  if (found) return found.campaignId;
  const campaignId = newId('cmp');
  await tx.insert(emailCampaigns).values({
    id: campaignId,
    storeId: options.storeId,
    automationId,
    name: options.automationName,
    subject: step.subject,
    previewText: step.previewText,
    body: step.body,
    status: 'sent',
    createdAt: options.now,
    updatedAt: options.now,
  });
  const [made] = await tx
    .insert(automationStepEmails)
    .values({ campaignId, automationId, stepId: step.id, contentHash, createdAt: options.now })
    .onConflictDoNothing()
    .returning({ campaignId: automationStepEmails.campaignId });
  if (made) return made.campaignId;
  // Another step job made this version at the same moment: use theirs.
  await tx.delete(emailCampaigns).where(eq(emailCampaigns.id, campaignId));
  const [theirs] = await tx.select({ campaignId: automationStepEmails.campaignId }).from(automationStepEmails).where(where);
  if (!theirs) throw new Error('automation email version vanished');
  return theirs.campaignId;
}
