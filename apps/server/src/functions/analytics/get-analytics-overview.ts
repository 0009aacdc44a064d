import { getAnalyticsOverview as getInDb } from '#src/domain/analytics/queries/get-analytics-overview.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getAnalyticsOverview: Handler<'getAnalyticsOverview'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return getInDb(ctx.db, { store, request: input, now: ctx.now() });
};
