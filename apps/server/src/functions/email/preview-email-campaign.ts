import { previewCampaignEmail } from '#src/domain/email/render/preview-campaign-email.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const previewEmailCampaign: Handler<'previewEmailCampaign'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return previewCampaignEmail(ctx.db, { store, fields: input.fields, publicUrl: ctx.env.publicUrl });
};
