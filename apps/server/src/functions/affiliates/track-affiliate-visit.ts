import { TrackAffiliateVisitInputSchema } from '@shopfront/core';
import { recordAffiliateVisit } from '#src/domain/affiliates/record-affiliate-visit.ts';
import type { Handler } from '../types.ts';
import { requestUserAgent, sessionCustomerId, trackingCall } from './tracking-call.ts';

/** A referred storefront visit (spec §7): recorded once per session, counted or ignored; always null. */
export const trackAffiliateVisit: Handler<'trackAffiliateVisit'> = async (input, ctx) => {
  await trackingCall(ctx, 'trackAffiliateVisit', TrackAffiliateVisitInputSchema, input, (visit) =>
    recordAffiliateVisit(ctx.db, {
      storeId: visit.storeId,
      code: visit.referralCode,
      fingerprint: visit.fingerprint,
      visitInfo: visit.visitInfo,
      userAgent: requestUserAgent(ctx),
      sessionCustomerId: () => sessionCustomerId(ctx, visit.storeId),
      now: ctx.now(),
    }),
  );
  return null;
};
