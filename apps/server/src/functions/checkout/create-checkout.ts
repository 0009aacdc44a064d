import { createCheckout as createInDb } from '#src/domain/checkout/create-checkout.ts';
import { throttleCheckout } from '#src/domain/checkout/throttle-checkout.ts';
import type { FunctionContext, Handler } from '../types.ts';

export const createCheckout: Handler<'createCheckout'> = async (input, ctx) => {
  const now = ctx.now();
  await throttleCheckout(ctx.db, { ip: ctx.request.ip, storeId: input.storeId, now, limits: ctx.env.payments.checkoutLimits });
  const agent = ctx.request.headers['user-agent'];
  const client = { ip: ctx.request.ip, userAgent: (Array.isArray(agent) ? agent[0] : agent) ?? '' };
  const { referralCode, fingerprint, ...purchase } = input;
  const referral = (referralCode !== undefined || fingerprint !== undefined) && (await affiliatesOn(ctx)) ? { referralCode, fingerprint } : {};
  return createInDb({ db: ctx.db, env: ctx.env, now, log: ctx.log, client }, { ...purchase, ...referral });
};

/** With the platform's affiliate program switched off, a referral is not even looked at (nor does it fail the purchase). */
async function affiliatesOn(ctx: FunctionContext): Promise<boolean> {
  try {
    return (await ctx.featureFlags.read()).affiliateProgram;
  } catch {
    return false;
  }
}
