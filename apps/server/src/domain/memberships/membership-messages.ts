// Exports MEMBERSHIP_MESSAGES and TIER_PRICE_LIMITS: what membership functions refuse with (kept in core, where the contracts use them), and the tier price range.
import { MEMBERSHIP_LIMITS } from '@shopfront/core';

export { MEMBERSHIP_MESSAGES } from '@shopfront/core';

/** Tier prices follow product prices: Stripe's smallest charge up to the product maximum. */
export const TIER_PRICE_LIMITS = Object.freeze({ minCents: MEMBERSHIP_LIMITS.minPriceCents, maxCents: MEMBERSHIP_LIMITS.maxPriceCents });
