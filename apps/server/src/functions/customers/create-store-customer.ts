import { createCustomer } from '#src/domain/customers/create-customer.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const createStoreCustomer: Handler<'createStoreCustomer'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return createCustomer(ctx.db, { ...input, storeId: store.id, now: ctx.now() });
};
