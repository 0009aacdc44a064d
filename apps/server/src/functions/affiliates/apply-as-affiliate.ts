import { joinAffiliateProgram } from '#src/domain/affiliates/join-affiliate-program.ts';
import { myAffiliateView } from '#src/domain/affiliates/my-affiliate-view.ts';
import { getMemberStore } from '#src/domain/members/member-store.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const applyAsAffiliate: Handler<'applyAsAffiliate'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'affiliateProgram');
  const { customerId } = customerOf(ctx, input.storeId);
  const { store } = await getMemberStore(ctx.db, input.storeId);
  await joinAffiliateProgram(ctx.db, { storeId: store.id, customerId, now: ctx.now() });
  return myAffiliateView(ctx.db, { env: ctx.env, store, customerId, now: ctx.now() });
};
