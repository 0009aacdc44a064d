import { findAffiliatePayouts } from '#src/domain/affiliates/find-affiliate-payouts.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const listAffiliatePayouts: Handler<'listAffiliatePayouts'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'affiliateProgram');
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return { payouts: await findAffiliatePayouts(ctx.db, { storeId: store.id }) };
};
