/**
 * The session's affiliate referral as the storefront left it in session storage (referral.ts
 * writes these keys; the names are repeated, not imported, so that the SPA's pages and the
 * storefront script share no module: a shared one would be a chunk of its own in both).
 */
const PENDING_REFERRAL = 'pending_referral';
const FINGERPRINT_KEY = 'affiliate_fingerprint';

/** The session's referral code and the fingerprint the storefront computed; empty where there is none or storage is refused. */
export function sessionReferral(): { referralCode?: string; fingerprint?: string } {
  try {
    return { referralCode: sessionStorage.getItem(PENDING_REFERRAL) ?? undefined, fingerprint: sessionStorage.getItem(FINGERPRINT_KEY) ?? undefined };
  } catch {
    return {};
  }
}
