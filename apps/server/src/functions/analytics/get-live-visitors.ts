import { countLiveVisitors } from '#src/domain/analytics/queries/count-live-visitors.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getLiveVisitors: Handler<'getLiveVisitors'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return countLiveVisitors(ctx.db, { storeId: store.id, now: ctx.now() });
};
