import type { HandlerRegistry } from '../types.ts';
import { advanceAffiliateTestClock } from './advance-affiliate-test-clock.ts';
import { applyAsAffiliate } from './apply-as-affiliate.ts';
import { convertAffiliateReferral } from './convert-affiliate-referral.ts';
import { getAffiliateProgram } from './get-affiliate-program.ts';
import { getMyAffiliate } from './get-my-affiliate.ts';
import { inviteAffiliate } from './invite-affiliate.ts';
import { listAffiliateCommissions } from './list-affiliate-commissions.ts';
import { listAffiliatePayouts } from './list-affiliate-payouts.ts';
import { listAffiliates } from './list-affiliates.ts';
import { payAffiliate } from './pay-affiliate.ts';
import { setAffiliateProductRate } from './set-affiliate-product-rate.ts';
import { trackAffiliateSignup } from './track-affiliate-signup.ts';
import { trackAffiliateVisit } from './track-affiliate-visit.ts';
import { updateAffiliateProgram } from './update-affiliate-program.ts';
import { updateAffiliateStatus } from './update-affiliate-status.ts';

/** The affiliate program (docs/affiliates.md): the creator's program, the members area's affiliate, and tracking. */
export const affiliateHandlers = {
  getAffiliateProgram,
  updateAffiliateProgram,
  setAffiliateProductRate,
  listAffiliates,
  updateAffiliateStatus,
  inviteAffiliate,
  listAffiliateCommissions,
  payAffiliate,
  listAffiliatePayouts,
  advanceAffiliateTestClock,
  trackAffiliateVisit,
  trackAffiliateSignup,
  convertAffiliateReferral,
  getMyAffiliate,
  applyAsAffiliate,
} satisfies Partial<HandlerRegistry>;
