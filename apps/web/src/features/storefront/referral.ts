/**
 * Affiliate referrals in the storefront (docs/affiliates.md "Tracking", spec §9), inside the
 * storefront's 80 KB script budget: no dependencies, no client.
 *
 * A storefront page opened with `?ref=CODE` keeps the code in session storage
 * (`pending_referral`) with the browser's fingerprint (`affiliate_fingerprint`); the session's
 * referral is reported once per code (a session-storage marker) with `trackAffiliateVisit`, never
 * in the owner's preview. Checkouts of the page carry the referral and the fingerprint
 * (`pageReferral`). The SPA's pages (members signup, thank-you) read both back with
 * session-referral.ts, which shares no code with this file so that neither script carries the other.
 */
export const PENDING_REFERRAL = 'pending_referral';

/** The fingerprint the storefront computed, for a referred session's later pages. */
export const FINGERPRINT_KEY = 'affiliate_fingerprint';

/** `affiliate_visit:CODE` in session storage: that code's visit was reported in this session. */
export const VISIT_MARKER = 'affiliate_visit:';

/** What the storefront page's checkouts send: filled in by trackReferralVisit when the page loads. */
export const pageReferral: { referralCode?: string; fingerprint?: string } = {};

/**
 * Spec §9's browser traits: user agent, language, time zone, screen size, colour depth, cores,
 * platform. The first four are also what a visit reports about the browser.
 */
export function browserTraits(): [userAgent: string, language: string, timeZone: string, screen: string, ...rest: unknown[]] {
  return [
    navigator.userAgent,
    navigator.language,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    `${screen.width}x${screen.height}`,
    screen.colorDepth,
    navigator.hardwareConcurrency,
    navigator.platform,
  ];
}

/** The first 16 hex characters (lower case) of the SHA-256 of the traits. */
export async function fingerprintOf(traits: unknown[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(traits.join('\n')));
  return Array.from(new Uint8Array(digest, 0, 8), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * When a storefront page loads: keeps `?ref=` as the session's referral, notes the referral and
 * the fingerprint for the page's checkouts, and in a referred session keeps the fingerprint for
 * the session's later pages and reports the referral's visit unless this session already did.
 * Nothing at all in the owner's preview; nothing is stored for a visitor without a referral. The
 * call goes to `/fn/trackAffiliateVisit` (spec §7) from the same origin, so a members session of
 * the store rides along (the server sees a self-referral); it always answers null and nobody
 * waits for it.
 */
export async function trackReferralVisit(storeId: string, isPreview: boolean | undefined, search = location.search): Promise<void> {
  if (isPreview) return;
  try {
    const ref = new URLSearchParams(search).get('ref')?.trim().toUpperCase();
    // Only what can be a code (core AffiliateCodeSchema) replaces the session's referral.
    if (ref && /^[A-Z0-9][A-Z0-9_-]{3,31}$/.test(ref)) sessionStorage.setItem(PENDING_REFERRAL, ref);
    const referralCode = (pageReferral.referralCode = sessionStorage.getItem(PENDING_REFERRAL) ?? undefined);
    const traits = browserTraits();
    const fingerprint = (pageReferral.fingerprint = await fingerprintOf(traits));
    if (!referralCode) return;
    sessionStorage.setItem(FINGERPRINT_KEY, fingerprint);
    if (sessionStorage.getItem(VISIT_MARKER + referralCode)) return;
    sessionStorage.setItem(VISIT_MARKER + referralCode, '1');
    const visitInfo = { sourceUrl: location.origin + location.pathname, userAgent: traits[0], language: traits[1], timezone: traits[2], screen: traits[3], timestamp: Date.now() };
    const response = await fetch('/fn/trackAffiliateVisit', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ data: { storeId, referralCode, fingerprint, visitInfo } }),
    });
    // Read to the end: a reply left unread keeps the request open, and the page never goes idle.
    await response.text();
  } catch {
    // Storage refused, no Web Crypto (plain http) or offline: the visit goes unreported, the page is unaffected.
  }
}
