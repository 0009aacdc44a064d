import { findOrders, sumOrders } from '#src/domain/orders/list-orders.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const listOrders: Handler<'listOrders'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  const filter = { storeId: store.id, from: input.from, to: input.to, status: input.status };
  const page = await findOrders(ctx.db, { ...filter, cursor: input.cursor, limit: input.limit });
  const totals = await sumOrders(ctx.db, filter, store.currency);
  return { ...page, totals };
};
