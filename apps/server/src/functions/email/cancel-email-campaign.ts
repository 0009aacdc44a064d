import { cancelEmailCampaign as cancelInDb } from '#src/domain/email/campaigns/cancel-email-campaign.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const cancelEmailCampaign: Handler<'cancelEmailCampaign'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return cancelInDb(ctx.db, { storeId: store.id, campaignId: input.campaignId, now: ctx.now() });
};
