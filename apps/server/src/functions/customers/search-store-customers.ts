import { searchCustomers } from '#src/domain/customers/search-customers.ts';
import { ownedStore } from '../owned-store.ts';
import type { Handler } from '../types.ts';

export const searchStoreCustomers: Handler<'searchStoreCustomers'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  return searchCustomers(ctx.db, { ...input, storeId: store.id });
};
