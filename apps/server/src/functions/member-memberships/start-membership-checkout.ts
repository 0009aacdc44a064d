import { throttleCheckout } from '#src/domain/checkout/throttle-checkout.ts';
import { startMembershipCheckout as start } from '#src/domain/memberships/join/start-membership-checkout.ts';
import type { Handler } from '../types.ts';

export const startMembershipCheckout: Handler<'startMembershipCheckout'> = async (input, ctx) => {
  const now = ctx.now();
  await throttleCheckout(ctx.db, { ip: ctx.request.ip, storeId: input.storeId, now, limits: ctx.env.payments.checkoutLimits });
  return start({ db: ctx.db, env: ctx.env, now }, input);
};
