import { refundStoreOrder } from '#src/domain/orders/refund-store-order.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { getPaymentProvider } from '#src/providers/payments/index.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const refundOrder: Handler<'refundOrder'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return refundStoreOrder(ctx.db, {
    storeId: store.id,
    orderId: input.orderId,
    amountCents: input.amountCents,
    now: ctx.now(),
    providerFor: (id) => getPaymentProvider(ctx.env, id),
    log: ctx.log,
  });
};
