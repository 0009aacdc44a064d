import { searchCustomers } from '#src/domain/customers/search-customers.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const searchStoreCustomers: Handler<'searchStoreCustomers'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return searchCustomers(ctx.db, { ...input, storeId: store.id });
};
