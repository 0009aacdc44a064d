import { getEmailCampaign as getInDb } from '#src/domain/email/campaigns/get-email-campaign.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getEmailCampaign: Handler<'getEmailCampaign'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return getInDb(ctx.db, { storeId: store.id, campaignId: input.campaignId });
};
