import { deleteDiscountCode as deleteInDb } from '#src/domain/discounts/delete-discount-code.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const deleteDiscountCode: Handler<'deleteDiscountCode'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  await deleteInDb(ctx.db, { storeId: store.id, discountId: input.discountId });
  return { deleted: true as const };
};
