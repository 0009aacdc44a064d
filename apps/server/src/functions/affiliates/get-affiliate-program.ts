import { affiliateProgramView } from '#src/domain/affiliates/affiliate-program-view.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getAffiliateProgram: Handler<'getAffiliateProgram'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'affiliateProgram');
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return affiliateProgramView(ctx.db, { store, env: ctx.env });
};
