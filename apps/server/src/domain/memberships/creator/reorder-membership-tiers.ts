import { AppError, MEMBERSHIP_MESSAGES as M, type MembershipTier } from '@shopfront/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { membershipTiers } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { assertNotArchived } from '#src/domain/products/get-owned-product.ts';
import { getOwnedMembershipProduct } from './owned-membership.ts';
import { findTierViews } from './tier-view.ts';

/** The new order of the product's live tiers, each named once; archived tiers stay after them. */
export async function reorderMembershipTiers(
  deps: { db: Database; now: Date },
  input: { userId: string; storeId: string; productId: string; tierIds: string[] },
): Promise<{ tiers: MembershipTier[]; currency: string }> {
  return deps.db.transaction(async (tx) => {
    const { product } = await getOwnedMembershipProduct(tx, { ...input, lock: true });
    assertNotArchived(product);
    const live = await tx
      .select({ id: membershipTiers.id })
      .from(membershipTiers)
      .where(and(eq(membershipTiers.productId, product.id), isNull(membershipTiers.archivedAt)));
    const liveIds = new Set(live.map((row) => row.id));
    const named = new Set(input.tierIds);
    if (named.size !== input.tierIds.length || named.size !== liveIds.size || input.tierIds.some((id) => !liveIds.has(id))) {
      throw new AppError('invalid-argument', M.reorderMismatch);
    }
    for (const [position, id] of input.tierIds.entries()) {
      await tx.update(membershipTiers).set({ position, updatedAt: deps.now }).where(eq(membershipTiers.id, id));
    }
    await notifyStorefrontChanged(tx, product.storeId);
    return { tiers: await findTierViews(tx, product.id), currency: product.currency };
  });
}
