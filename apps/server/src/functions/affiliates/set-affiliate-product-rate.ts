import { affiliateProgramView } from '#src/domain/affiliates/affiliate-program-view.ts';
import { saveProductCommission } from '#src/domain/affiliates/save-product-commission.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const setAffiliateProductRate: Handler<'setAffiliateProductRate'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'affiliateProgram');
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  await saveProductCommission(ctx.db, { storeId: store.id, productId: input.productId, commissionPercent: input.commissionPercent });
  return affiliateProgramView(ctx.db, { store, env: ctx.env });
};
