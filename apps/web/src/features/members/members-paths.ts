/**
 * Spec §2 Members mode, inside the router. The core resolver sets the basename to
 * `/{storeSlug}/members` on the platform domain and `/members` on custom and bio domains.
 */
export const MEMBERS_PATHS = {
  home: '/',
  login: '/login',
  signup: '/signup',
  /** The store's affiliate program: apply, then the referral links and earnings. */
  affiliate: '/affiliate',
  /** The customer's memberships: tier, next charge, invoices, cancel, resume, card. */
  memberships: '/memberships',
  area: '/*',
} as const;
