import { loadEmailCampaigns } from '#src/domain/email/campaigns/campaign-query.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const listEmailCampaigns: Handler<'listEmailCampaigns'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return { campaigns: await loadEmailCampaigns(ctx.db, { storeId: store.id }) };
};
