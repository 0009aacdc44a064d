import { findProductAnalytics } from '#src/domain/analytics/queries/find-product-analytics.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getProductAnalytics: Handler<'getProductAnalytics'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return findProductAnalytics(ctx.db, { store, now: ctx.now() });
};
