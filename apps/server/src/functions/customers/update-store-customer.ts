import { updateCustomer } from '#src/domain/customers/update-customer.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const updateStoreCustomer: Handler<'updateStoreCustomer'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return updateCustomer(ctx.db, { ...input, storeId: store.id, now: ctx.now() });
};
