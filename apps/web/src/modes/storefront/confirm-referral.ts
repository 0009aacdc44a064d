import { sessionReferral } from '#src/features/storefront/session-referral.ts';
import { callFunction } from '#src/lib/call-function.ts';

/**
 * The thank-you page of a paid checkout in a referred session: convertAffiliateReferral, which
 * only confirms what fulfilment recorded (it never credits anything). Its answer is not shown and
 * its failures are ignored (spec §7).
 */
export async function confirmReferral(checkoutId: string): Promise<void> {
  const { referralCode, fingerprint } = sessionReferral();
  if (!referralCode) return;
  try {
    await callFunction('convertAffiliateReferral', { checkoutId, referralCode, fingerprint });
  } catch {
    // Nothing to tell the buyer.
  }
}
