import { AppError } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { membershipTiers, type MembershipTierRow } from '#src/db/schema/index.ts';
import { MEMBERSHIP_MESSAGES as M, TIER_PRICE_LIMITS } from './membership-messages.ts';

/** Why a tier price (in cents, null for "not offered") is refused, or null. */
export function tierPriceIssue(cents: number | null): string | null {
  if (cents === null) return null;
  if (!Number.isInteger(cents)) return M.priceWhole;
  if (cents < TIER_PRICE_LIMITS.minCents) return M.priceTooLow;
  if (cents > TIER_PRICE_LIMITS.maxCents) return M.priceTooHigh;
  return null;
}

/**
 * A tier's new monthly and yearly prices: for members who join from now on. Existing members
 * keep the price on their membership (decision 041) until the creator moves them. Another
 * store's tier answers like a missing one.
 */
export async function setTierPrices(
  db: Executor,
  input: { storeId: string; tierId: string; monthlyPriceCents: number | null; yearlyPriceCents: number | null; now: Date },
): Promise<MembershipTierRow> {
  for (const cents of [input.monthlyPriceCents, input.yearlyPriceCents]) {
    const issue = tierPriceIssue(cents);
    if (issue) throw new AppError('invalid-argument', issue);
  }
  if (input.monthlyPriceCents === null && input.yearlyPriceCents === null) throw new AppError('invalid-argument', M.tierNeedsPrice);
  const [tier] = await db
    .update(membershipTiers)
    .set({ monthlyPriceCents: input.monthlyPriceCents, yearlyPriceCents: input.yearlyPriceCents, updatedAt: input.now })
    .where(and(eq(membershipTiers.id, input.tierId), eq(membershipTiers.storeId, input.storeId)))
    .returning();
  if (!tier) throw new AppError('not-found', M.tierNotFound);
  return tier;
}
