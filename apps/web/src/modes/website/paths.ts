/**
 * Spec §2 Website mode. The core resolver sets the basename to `/{slug}/website` on the platform
 * domain (so `/{slug}/website/{pageSlug}` is `/:pageSlug` here) and to '' on a custom domain.
 */
export const WEBSITE_PATHS = {
  landing: '/',
  page: '/:pageSlug',
  all: '*',
} as const;

export const DEFAULT_PAGE_SLUG = 'home';
