import { findOrders, findUnfilteredOrderPage, sumOrders } from '#src/domain/orders/list-orders.ts';
import { ownedStore } from '../owned-store.ts';
import type { Handler } from '../types.ts';

export const listOrders: Handler<'listOrders'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  if (!input.from && !input.to && !input.status) {
    return findUnfilteredOrderPage(ctx.db, { storeId: store.id, cursor: input.cursor, limit: input.limit, currency: store.currency });
  }
  const filter = { storeId: store.id, from: input.from, to: input.to, status: input.status };
  const page = await findOrders(ctx.db, { ...filter, cursor: input.cursor, limit: input.limit });
  const totals = await sumOrders(ctx.db, filter, store.currency);
  return { ...page, totals };
};
