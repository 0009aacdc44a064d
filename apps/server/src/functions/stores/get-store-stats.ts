import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { getStoreStats as countInDb } from '#src/domain/stores/get-store-stats.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getStoreStats: Handler<'getStoreStats'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return countInDb(ctx.db, store.id);
};
