import type { CustomerAccount } from '@shopfront/core';
import { sessionReferral } from '#src/features/storefront/session-referral.ts';
import { callFunction } from '#src/lib/call-function.ts';

/**
 * A members signup in a session that carries an affiliate referral (`pending_referral`, kept by
 * the storefront): trackAffiliateSignup, whose answer is always null. It never holds the signup
 * up and its failures are ignored (spec §7: affiliate calls swallow errors).
 */
export async function reportReferredSignup(storeId: string, customer: CustomerAccount): Promise<void> {
  const { referralCode, fingerprint } = sessionReferral();
  if (!referralCode) return;
  try {
    await callFunction('trackAffiliateSignup', {
      storeId,
      referralCode,
      customerId: customer.id,
      customerEmail: customer.email,
      customerName: customer.name,
      fingerprint,
      userAgent: navigator.userAgent,
      timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      language: navigator.language,
    });
  } catch {
    // Nothing to tell the new member: the referral simply goes unrecorded.
  }
}
