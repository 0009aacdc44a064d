import { getMyPurchases as list } from '#src/domain/members/get-my-purchases.ts';
import type { Handler } from '../types.ts';
import { customerOf } from './member-context.ts';

export const getMyPurchases: Handler<'getMyPurchases'> = (input, ctx) =>
  list({ db: ctx.db, env: ctx.env, storeId: input.storeId, ...customerOf(ctx, input.storeId), now: ctx.now() });
