import { deleteEmailCampaign as deleteInDb } from '#src/domain/email/campaigns/delete-email-campaign.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const deleteEmailCampaign: Handler<'deleteEmailCampaign'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  await deleteInDb(ctx.db, { storeId: store.id, campaignId: input.campaignId });
  return { deleted: true };
};
