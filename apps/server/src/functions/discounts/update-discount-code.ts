import { saveDiscountCode } from '#src/domain/discounts/save-discount-code.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const updateDiscountCode: Handler<'updateDiscountCode'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return saveDiscountCode(ctx.db, { store, discountId: input.discountId, fields: input.fields, now: ctx.now() });
};
