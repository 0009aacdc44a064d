import { customerOrders } from '#src/domain/customers/customer-orders.ts';
import { getCustomerOfStore } from '#src/domain/customers/customer-query.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getStoreCustomer: Handler<'getStoreCustomer'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  const customer = await getCustomerOfStore(ctx.db, store.id, input.customerId);
  return { customer, orders: await customerOrders(ctx.db, { storeId: store.id, customerId: customer.id }) };
};
