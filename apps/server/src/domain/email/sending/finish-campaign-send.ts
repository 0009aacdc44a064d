import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { emailCampaignRecipients, emailCampaigns } from '#src/db/schema/index.ts';

/**
 * Ends a `sending` campaign once none of its rows is pending: `sent`, or `failed` when no message
 * went out and some failed. Does nothing while rows are pending or when the campaign was stopped
 * meanwhile, so any number of batch jobs may call it.
 */
export async function finishCampaignSend(db: Executor, options: { campaignId: string; now: Date }): Promise<boolean> {
  const [counts] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${emailCampaignRecipients.status} = 'pending')::int`,
      sent: sql<number>`count(*) filter (where ${emailCampaignRecipients.status} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${emailCampaignRecipients.status} = 'failed')::int`,
    })
    .from(emailCampaignRecipients)
    .where(eq(emailCampaignRecipients.campaignId, options.campaignId));
  if (!counts || counts.pending > 0) return false;
  const failed = counts.sent === 0 && counts.failed > 0;
  const updated = await db
    .update(emailCampaigns)
    .set({
      status: failed ? 'failed' : 'sent',
      statusNote: counts.failed > 0 ? `${counts.failed} of ${counts.sent + counts.failed} messages could not be sent` : null,
      finishedAt: options.now,
      updatedAt: options.now,
    })
    .where(and(eq(emailCampaigns.id, options.campaignId), eq(emailCampaigns.status, 'sending')))
    .returning({ id: emailCampaigns.id });
  return updated.length === 1;
}
