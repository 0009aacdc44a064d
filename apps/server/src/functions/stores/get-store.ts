import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { getTenantIdOfStore } from '#src/domain/stores/find-creator-stores.ts';
import { toStore } from '#src/domain/stores/store-profile.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getStore: Handler<'getStore'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return toStore(store, await getTenantIdOfStore(ctx.db, store.id));
};
