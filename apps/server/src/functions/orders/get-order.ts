import { getStoreOrder } from '#src/domain/orders/get-store-order.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getOrder: Handler<'getOrder'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return getStoreOrder(ctx.db, { storeId: store.id, orderId: input.orderId });
};
