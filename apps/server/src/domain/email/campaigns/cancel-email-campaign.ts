import { AppError, EMAIL_MESSAGES, type EmailCampaign } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { emailCampaigns } from '#src/db/schema/index.ts';
import { getCampaignOfStore } from './campaign-query.ts';
import { getEmailCampaign } from './get-email-campaign.ts';

/**
 * Cancels a scheduled campaign before it starts. Its start job stays queued and does nothing:
 * the job sends only a campaign still `scheduled` for the job's own time.
 */
export async function cancelEmailCampaign(db: Database, options: { storeId: string; campaignId: string; now: Date }): Promise<EmailCampaign> {
  await db.transaction(async (tx) => {
    const campaign = await getCampaignOfStore(tx, { ...options, lock: true });
    if (campaign.status !== 'scheduled') throw new AppError('failed-precondition', EMAIL_MESSAGES.notCancellable);
    await tx.update(emailCampaigns).set({ status: 'cancelled', statusNote: null, updatedAt: options.now }).where(eq(emailCampaigns.id, campaign.id));
  });
  return getEmailCampaign(db, options);
}
