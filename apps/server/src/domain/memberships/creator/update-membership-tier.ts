import { AppError, MEMBERSHIP_MESSAGES as M, type MembershipTier } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { membershipTiers } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { assertNotArchived } from '#src/domain/products/get-owned-product.ts';
import { setTierPrices } from '../set-tier-prices.ts';
import type { NewTierFields } from './create-membership-tier.ts';
import { getOwnedTier } from './owned-membership.ts';
import { countTierMembers, findTierCourses, findTierFiles, toTierView } from './tier-view.ts';

/**
 * Only the fields sent change. Prices go through the foundation's setTierPrices: they apply to
 * members who join from now on, and existing members keep the price they joined at (decision
 * 041). Under the tier's row lock, which joining also takes, so a member limit is never set
 * below the members the tier has at that moment.
 */
export async function updateMembershipTier(
  deps: { db: Database; now: Date },
  input: { userId: string; storeId: string; tierId: string; changes: Partial<NewTierFields> },
): Promise<MembershipTier> {
  return deps.db.transaction(async (tx) => {
    const { product, tier } = await getOwnedTier(tx, { ...input, lock: true });
    assertNotArchived(product);
    if (tier.archivedAt) throw new AppError('failed-precondition', M.tierArchived);
    const { monthlyPriceCents, yearlyPriceCents, ...rest } = input.changes;
    const members = (await countTierMembers(tx, [tier.id])).get(tier.id) ?? 0;
    if (rest.memberLimit !== undefined && rest.memberLimit !== null && rest.memberLimit < members) {
      throw new AppError('failed-precondition', M.memberLimitBelowMembers, { members });
    }
    if (monthlyPriceCents !== undefined || yearlyPriceCents !== undefined) {
      await setTierPrices(tx, {
        storeId: tier.storeId,
        tierId: tier.id,
        monthlyPriceCents: monthlyPriceCents === undefined ? tier.monthlyPriceCents : monthlyPriceCents,
        yearlyPriceCents: yearlyPriceCents === undefined ? tier.yearlyPriceCents : yearlyPriceCents,
        now: deps.now,
      });
    }
    const sent = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
    const [row] = await tx.update(membershipTiers).set({ ...sent, updatedAt: deps.now }).where(eq(membershipTiers.id, tier.id)).returning();
    await notifyStorefrontChanged(tx, tier.storeId);
    return toTierView(row!, members, (await findTierCourses(tx, [tier.id])).get(tier.id) ?? [], (await findTierFiles(tx, [tier.id])).get(tier.id) ?? []);
  });
}
