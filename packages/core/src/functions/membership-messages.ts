import { COMMERCE_MESSAGES } from '../schemas/commerce.ts';
import { PRODUCT_LIMITS, PRODUCT_MESSAGES } from '../schemas/product.ts';

/** The limits of a membership's tiers and the creator's members list (docs/memberships.md). */
export const MEMBERSHIP_LIMITS = Object.freeze({
  tiersPerProduct: 10,
  tierNameMax: 60,
  tierDescriptionMax: 500,
  benefitsMax: 10,
  benefitMax: 120,
  /** Tier prices follow product prices: Stripe's smallest charge up to the product maximum. */
  minPriceCents: PRODUCT_LIMITS.minPriceCents,
  maxPriceCents: PRODUCT_LIMITS.maxPriceCents,
  /** Stripe allows trials up to two years; a year is plenty for a creator's membership. */
  trialDaysMax: 365,
  memberLimitMax: 1_000_000,
  membersPageSize: 50,
  /** The members CSV is built in one answer, so it stops here (the creator filters to narrow it). */
  exportRowsMax: 10_000,
  searchMax: 100,
  /** Courses one tier includes. */
  coursesPerTier: 20,
  /** How long members hear of a price move before it can take effect (at their next renewal after it). */
  priceMoveNoticeDays: 30,
  /** The latest resume date a member may pick when pausing, in days from the store's today. */
  maxPauseDays: 90,
  /** Files one tier includes: every file the membership product can hold. */
  filesPerTier: PRODUCT_LIMITS.filesPerProduct,
});

const L = MEMBERSHIP_LIMITS;

/** What membership functions answer; a foreign id answers exactly like a missing one. */
export const MEMBERSHIP_MESSAGES = Object.freeze({
  tierNotFound: 'Membership tier not found',
  membershipNotFound: 'Membership not found',
  productNotFound: 'Membership product not found',
  memberNotFound: 'Member not found',
  tierCourseNotFound: 'Course not found in this store',
  tooManyTierCourses: `A tier can include at most ${L.coursesPerTier} courses`,
  tierCourseTwice: 'Each course can be included once',
  tierFileNotFound: 'File not found in this membership',
  tooManyTierFiles: `A tier can include at most ${L.filesPerTier} files`,
  tierFileTwice: 'Each file can be included once',
  customerNotFound: COMMERCE_MESSAGES.customerNotFound,
  noMonthlyPrice: 'This tier has no monthly price',
  noYearlyPrice: 'This tier has no yearly price',
  tierFull: 'This tier is full',
  alreadyMember: 'You are already a member',
  tierNeedsPrice: 'Give the tier a monthly or a yearly price',
  priceTooLow: PRODUCT_MESSAGES.priceTooLow,
  priceTooHigh: PRODUCT_MESSAGES.priceTooHigh,
  priceWhole: PRODUCT_MESSAGES.priceWhole,
  tierNameRequired: 'Tier name is required',
  tierNameTooLong: `Tier name must be less than ${L.tierNameMax + 1} characters`,
  tierDescriptionTooLong: `Tier description must be less than ${L.tierDescriptionMax + 1} characters`,
  benefitRequired: 'A benefit cannot be empty',
  benefitTooLong: `Each benefit must be less than ${L.benefitMax + 1} characters`,
  tooManyBenefits: `A tier can list at most ${L.benefitsMax} benefits`,
  trialDays: `A free trial is 0 to ${L.trialDaysMax} days`,
  setupFeeTooLow: 'A setup fee must be at least 0.50, or nothing',
  memberLimit: `A member limit is 1 to ${L.memberLimitMax.toLocaleString('en-US')} members, or none`,
  maxPauseDays: `The longest pause is 1 to ${L.maxPauseDays} days, or no limit of your own`,
  memberLimitBelowMembers: 'The member limit cannot be lower than the members the tier has now',
  tooManyTiers: `A membership can have at most ${L.tiersPerProduct} tiers`,
  tierArchived: 'This tier is archived and can no longer be changed',
  lastLiveTier: 'A published membership needs a tier that takes members. Unpublish it first, or add another tier.',
  reorderMismatch: 'The list must name each of the membership’s tiers (not archived) once',
  memberEnded: 'This membership has already ended',
  alreadyCancelling: 'This membership already ends at the end of its period',
  nothingToRefund: 'This member has no payment to refund',
  alreadyRefunded: 'The last payment was already refunded',
  pausedCancelNow: 'A paused membership has no period running: cancel it now instead',
  filesLocked: 'Your membership has ended, so its files are locked. Renew it from the store to download them again.',
  filesPaused: 'Your membership is paused, so its files are locked. Resume it in the members area to download them.',
  fileDownloadLimitReached: 'You have reached the download limit for this file. Please contact the store if you need another download.',
});
