import { createCheckout as createInDb } from '#src/domain/checkout/create-checkout.ts';
import { throttleCheckout } from '#src/domain/checkout/throttle-checkout.ts';
import type { Handler } from '../types.ts';

export const createCheckout: Handler<'createCheckout'> = async (input, ctx) => {
  const now = ctx.now();
  await throttleCheckout(ctx.db, { ip: ctx.request.ip, storeId: input.storeId, now, limits: ctx.env.payments.checkoutLimits });
  const agent = ctx.request.headers['user-agent'];
  const client = { ip: ctx.request.ip, userAgent: (Array.isArray(agent) ? agent[0] : agent) ?? '' };
  return createInDb({ db: ctx.db, env: ctx.env, now, log: ctx.log, client }, input);
};
