import { AppError, EMAIL_MESSAGES, type EmailCampaign } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { emailCampaignRecipients, emailCampaigns } from '#src/db/schema/index.ts';
import { getCampaignOfStore } from './campaign-query.ts';
import { getEmailCampaign } from './get-email-campaign.ts';

/**
 * Stops a sending campaign: in one transaction every recipient row still pending becomes
 * `cancelled` and the campaign `cancelled`, with how many were sent in its note. Senders claim
 * only pending rows of a `sending` campaign, so nobody else gets it once this commits.
 */
export async function stopEmailCampaign(db: Database, options: { storeId: string; campaignId: string; now: Date }): Promise<EmailCampaign> {
  await db.transaction(async (tx) => {
    const campaign = await getCampaignOfStore(tx, { ...options, lock: true });
    if (campaign.status !== 'sending') throw new AppError('failed-precondition', EMAIL_MESSAGES.notStoppable);
    await tx
      .update(emailCampaignRecipients)
      .set({ status: 'cancelled', lockedUntil: null })
      .where(and(eq(emailCampaignRecipients.campaignId, campaign.id), eq(emailCampaignRecipients.status, 'pending')));
    const [counts] = await tx
      .select({ total: sql<number>`count(*)::int`, sent: sql<number>`(count(*) filter (where ${emailCampaignRecipients.status} = 'sent'))::int` })
      .from(emailCampaignRecipients)
      .where(eq(emailCampaignRecipients.campaignId, campaign.id));
    const total = counts?.total ?? 0;
    const sent = counts?.sent ?? 0;
    await tx
      .update(emailCampaigns)
      .set({ status: 'cancelled', statusNote: `Stopped after ${sent} of ${total} were sent`, finishedAt: options.now, updatedAt: options.now })
      .where(eq(emailCampaigns.id, campaign.id));
  });
  return getEmailCampaign(db, options);
}
