import { scheduleEmailCampaign as scheduleInDb } from '#src/domain/email/campaigns/schedule-email-campaign.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const scheduleEmailCampaign: Handler<'scheduleEmailCampaign'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return scheduleInDb(ctx.db, { store, campaignId: input.campaignId, sendAt: input.sendAt, now: ctx.now() });
};
