import { TrackAffiliateSignupInputSchema } from '@shopfront/core';
import { recordAffiliateSignup } from '#src/domain/affiliates/record-affiliate-signup.ts';
import type { Handler } from '../types.ts';
import { requestUserAgent, sessionCustomerId, trackingCall } from './tracking-call.ts';

/** A referred visitor's members signup: only for the caller's own session, once per customer; always null. */
export const trackAffiliateSignup: Handler<'trackAffiliateSignup'> = async (input, ctx) => {
  await trackingCall(ctx, 'trackAffiliateSignup', TrackAffiliateSignupInputSchema, input, async (signup) => {
    const customerId = await sessionCustomerId(ctx, signup.storeId);
    if (customerId === null || customerId !== signup.customerId) return;
    await recordAffiliateSignup(ctx.db, {
      storeId: signup.storeId,
      customerId,
      code: signup.referralCode,
      fingerprint: signup.fingerprint,
      userAgent: requestUserAgent(ctx) || signup.userAgent || '',
      timezone: signup.timezone,
      language: signup.language,
      now: ctx.now(),
    });
  });
  return null;
};
