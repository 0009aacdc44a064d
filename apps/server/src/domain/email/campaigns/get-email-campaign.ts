import type { EmailCampaign } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { campaignNotFound, loadEmailCampaigns } from './campaign-query.ts';

/** One campaign of the store with its stats; a foreign id answers like a missing one. */
export async function getEmailCampaign(db: Executor, options: { storeId: string; campaignId: string }): Promise<EmailCampaign> {
  const [campaign] = await loadEmailCampaigns(db, options);
  if (!campaign) throw campaignNotFound();
  return campaign;
}
