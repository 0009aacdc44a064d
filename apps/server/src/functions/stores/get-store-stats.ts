import { getStoreStats as countInDb } from '#src/domain/stores/get-store-stats.ts';
import { ownedStore } from '../owned-store.ts';
import type { Handler } from '../types.ts';

export const getStoreStats: Handler<'getStoreStats'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  return countInDb(ctx.db, store.id);
};
