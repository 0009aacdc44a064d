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
  /** The customer's coaching calls: join links near the start, reschedule and cancel, packages. */
  bookings: '/bookings',
  /** A course the customer is enrolled in (core `memberCoursePath`), and one of its lessons. */
  course: '/courses/:productId',
  courseLesson: '/courses/:productId/lessons/:lessonId',
  area: '/*',
} as const;
