import { myAffiliateView } from '#src/domain/affiliates/my-affiliate-view.ts';
import { getMemberStore } from '#src/domain/members/member-store.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const getMyAffiliate: Handler<'getMyAffiliate'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'affiliateProgram');
  const { customerId } = customerOf(ctx, input.storeId);
  const { store } = await getMemberStore(ctx.db, input.storeId);
  return myAffiliateView(ctx.db, { env: ctx.env, store, customerId, now: ctx.now() });
};
