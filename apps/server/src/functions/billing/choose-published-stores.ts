import { choosePublishedStores as choose } from '#src/domain/billing/choose-published-stores.ts';
import { getBilling } from '#src/domain/billing/get-billing.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const choosePublishedStores: Handler<'choosePublishedStores'> = async (input, ctx) => {
  const userId = creatorId(ctx);
  await choose(ctx.db, { userId, storeIds: input.storeIds });
  const { stores } = await getBilling(ctx.db, ctx.env, userId);
  return { stores };
};
