/**
 * Spec §2 Members mode, inside the router. The core resolver sets the basename to
 * `/{storeSlug}/members` on the platform domain and `/members` on custom and bio domains.
 */
export const MEMBERS_PATHS = {
  home: '/',
  login: '/login',
  signup: '/signup',
  area: '/*',
} as const;
