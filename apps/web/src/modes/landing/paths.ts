/** Spec §2 Landing mode. */
export const LANDING_PATHS = {
  home: '/',
  login: '/login',
  emailLink: '/login/email-link',
  signup: '/signup',
  websitePreview: '/website/:slug',
  websitePreviewPage: '/website/:slug/:pageSlug',
} as const;

export const DEFAULT_WEBSITE_PAGE_SLUG = 'home';
