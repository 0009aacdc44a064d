import { getAdvancedAnalytics as getInDb } from '#src/domain/analytics/queries/get-advanced-analytics.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getAdvancedAnalytics: Handler<'getAdvancedAnalytics'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'advancedAnalytics');
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return getInDb(ctx.db, { store, request: input, now: ctx.now() });
};
