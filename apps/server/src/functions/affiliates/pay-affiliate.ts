import { payAffiliateCommissions } from '#src/domain/affiliates/pay-affiliate-commissions.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const payAffiliate: Handler<'payAffiliate'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'affiliateProgram');
  const userId = creatorId(ctx);
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId });
  const payouts = await payAffiliateCommissions(ctx.db, { storeId: store.id, affiliateId: input.affiliateId, note: input.note ?? '', paidBy: userId, now: ctx.now() });
  return { payouts };
};
