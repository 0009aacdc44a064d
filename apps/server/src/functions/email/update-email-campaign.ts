import { saveEmailCampaign } from '#src/domain/email/campaigns/save-email-campaign.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const updateEmailCampaign: Handler<'updateEmailCampaign'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return saveEmailCampaign(ctx.db, { storeId: store.id, campaignId: input.campaignId, fields: input.fields, now: ctx.now() });
};
