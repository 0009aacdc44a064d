import { findAffiliateCommissions } from '#src/domain/affiliates/find-affiliate-commissions.ts';
import { getStoreAffiliate } from '#src/domain/affiliates/get-store-affiliate.ts';
import { readAffiliateProgram } from '#src/domain/affiliates/read-program.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const listAffiliateCommissions: Handler<'listAffiliateCommissions'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'affiliateProgram');
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  if (input.affiliateId) await getStoreAffiliate(ctx.db, { storeId: store.id, affiliateId: input.affiliateId });
  const program = await readAffiliateProgram(ctx.db, store.id);
  const commissions = await findAffiliateCommissions(ctx.db, {
    storeId: store.id,
    affiliateId: input.affiliateId,
    now: ctx.now(),
    testClockOffsetSeconds: program.testClockOffsetSeconds,
  });
  return { commissions };
};
