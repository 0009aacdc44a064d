import { stopEmailCampaign as stopInDb } from '#src/domain/email/campaigns/stop-email-campaign.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const stopEmailCampaign: Handler<'stopEmailCampaign'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return stopInDb(ctx.db, { storeId: store.id, campaignId: input.campaignId, now: ctx.now() });
};
