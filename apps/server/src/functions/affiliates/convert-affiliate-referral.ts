import { ConvertAffiliateReferralInputSchema } from '@shopfront/core';
import { findReferralConversion } from '#src/domain/affiliates/find-referral-conversion.ts';
import type { Handler } from '../types.ts';
import { trackingCall } from './tracking-call.ts';

/**
 * Spec §7 names it, but a browser cannot convert anything with it: fulfilment alone credits an
 * order. It answers whether fulfilment credited this checkout (to this code, when given); it writes nothing.
 */
export const convertAffiliateReferral: Handler<'convertAffiliateReferral'> = (input, ctx) =>
  trackingCall(ctx, 'convertAffiliateReferral', ConvertAffiliateReferralInputSchema, input, async (query) => ({
    converted: await findReferralConversion(ctx.db, { checkoutId: query.checkoutId, code: query.referralCode }),
  }));
