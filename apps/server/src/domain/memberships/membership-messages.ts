// Exports MEMBERSHIP_MESSAGES and TIER_PRICE_LIMITS: what membership functions refuse with, and the tier price range.
import { COMMERCE_MESSAGES, PRODUCT_LIMITS, PRODUCT_MESSAGES } from '@shopfront/core';

/** What membership functions answer; a foreign id answers exactly like a missing one. */
export const MEMBERSHIP_MESSAGES = Object.freeze({
  tierNotFound: 'Membership tier not found',
  membershipNotFound: 'Membership not found',
  customerNotFound: COMMERCE_MESSAGES.customerNotFound,
  noMonthlyPrice: 'This tier has no monthly price',
  noYearlyPrice: 'This tier has no yearly price',
  tierFull: 'This tier is full',
  alreadyMember: 'You are already a member',
  tierNeedsPrice: 'Give the tier a monthly or a yearly price',
  priceTooLow: PRODUCT_MESSAGES.priceTooLow,
  priceTooHigh: PRODUCT_MESSAGES.priceTooHigh,
  priceWhole: PRODUCT_MESSAGES.priceWhole,
});

/** Tier prices follow product prices: Stripe's smallest charge up to the product maximum. */
export const TIER_PRICE_LIMITS = Object.freeze({ minCents: PRODUCT_LIMITS.minPriceCents, maxCents: PRODUCT_LIMITS.maxPriceCents });
