import { listCustomers } from '#src/domain/customers/list-customers.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getStoreCustomers: Handler<'getStoreCustomers'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return listCustomers(ctx.db, { ...input, storeId: store.id });
};
