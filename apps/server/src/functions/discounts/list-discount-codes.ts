import { listDiscountCodes as listInDb } from '#src/domain/discounts/list-discount-codes.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const listDiscountCodes: Handler<'listDiscountCodes'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return { codes: await listInDb(ctx.db, store.id, ctx.now()) };
};
