import { findAffiliateInvites } from '#src/domain/affiliates/find-affiliate-invites.ts';
import { findAffiliateSummaries } from '#src/domain/affiliates/find-affiliate-summaries.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const listAffiliates: Handler<'listAffiliates'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'affiliateProgram');
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return {
    affiliates: await findAffiliateSummaries(ctx.db, { store, now: ctx.now() }),
    invites: await findAffiliateInvites(ctx.db, store.id),
  };
};
