import { affiliateProgramView } from '#src/domain/affiliates/affiliate-program-view.ts';
import { saveAffiliateProgram } from '#src/domain/affiliates/save-affiliate-program.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const updateAffiliateProgram: Handler<'updateAffiliateProgram'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'affiliateProgram');
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  await saveAffiliateProgram(ctx.db, { storeId: store.id, terms: input, now: ctx.now() });
  return affiliateProgramView(ctx.db, { store, env: ctx.env });
};
