import { AppError, EMAIL_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { emailCampaigns } from '#src/db/schema/index.ts';
import { getCampaignOfStore, hasSentEmail, isEditableStatus } from './campaign-query.ts';

/**
 * Deletes a draft or a cancelled campaign. A campaign stopped after it sent some email keeps its
 * record: its recipients' unsubscribe links and its stats point at its rows.
 */
export async function deleteEmailCampaign(db: Database, options: { storeId: string; campaignId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const campaign = await getCampaignOfStore(tx, { ...options, lock: true });
    if (!isEditableStatus(campaign.status) || (await hasSentEmail(tx, campaign.id))) {
      throw new AppError('failed-precondition', EMAIL_MESSAGES.notDeletable);
    }
    await tx.delete(emailCampaigns).where(eq(emailCampaigns.id, campaign.id));
  });
}
