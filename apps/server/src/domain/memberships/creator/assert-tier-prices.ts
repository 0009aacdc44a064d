import { AppError, MEMBERSHIP_MESSAGES as M } from '@shopfront/core';
import { tierPriceIssue } from '../set-tier-prices.ts';

/**
 * The foundation's price rules (set-tier-prices.ts), checked before anything is written: each
 * price in range when offered, and at least one of monthly and yearly.
 */
export function assertTierPrices(prices: { monthlyPriceCents: number | null; yearlyPriceCents: number | null }): void {
  for (const cents of [prices.monthlyPriceCents, prices.yearlyPriceCents]) {
    const issue = tierPriceIssue(cents);
    if (issue) throw new AppError('invalid-argument', issue);
  }
  if (prices.monthlyPriceCents === null && prices.yearlyPriceCents === null) throw new AppError('invalid-argument', M.tierNeedsPrice);
}
