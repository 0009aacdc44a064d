import { changeAffiliateStatus } from '#src/domain/affiliates/change-affiliate-status.ts';
import { findAffiliateSummaries } from '#src/domain/affiliates/find-affiliate-summaries.ts';
import { affiliateNotFound } from '#src/domain/affiliates/get-store-affiliate.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const updateAffiliateStatus: Handler<'updateAffiliateStatus'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'affiliateProgram');
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  await changeAffiliateStatus(ctx.db, { storeId: store.id, affiliateId: input.affiliateId, action: input.action, now: ctx.now() });
  const [affiliate] = await findAffiliateSummaries(ctx.db, { store, now: ctx.now(), affiliateId: input.affiliateId });
  if (!affiliate) throw affiliateNotFound();
  return { affiliate };
};
