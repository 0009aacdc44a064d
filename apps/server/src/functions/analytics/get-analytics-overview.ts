import { getAnalyticsOverview as getInDb } from '#src/domain/analytics/queries/get-analytics-overview.ts';
import { ownedStore } from '../owned-store.ts';
import type { Handler } from '../types.ts';

export const getAnalyticsOverview: Handler<'getAnalyticsOverview'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  return getInDb(ctx.db, { store, request: input, now: ctx.now() });
};
