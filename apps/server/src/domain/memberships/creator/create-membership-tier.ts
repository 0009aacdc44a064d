import { AppError, MEMBERSHIP_LIMITS, MEMBERSHIP_MESSAGES as M, type MembershipTier } from '@shopfront/core';
import { count, eq, max } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { membershipTiers } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { assertNotArchived } from '#src/domain/products/get-owned-product.ts';
import { assertTierPrices } from './assert-tier-prices.ts';
import { getOwnedMembershipProduct } from './owned-membership.ts';
import { toTierView } from './tier-view.ts';

export interface NewTierFields {
  name: string;
  description: string;
  benefits: string[];
  monthlyPriceCents: number | null;
  yearlyPriceCents: number | null;
  trialDays: number;
  setupFeeCents: number;
  memberLimit: number | null;
  pausable: boolean;
  maxPauseDays: number | null;
}

/**
 * A new tier, last in the product's order, in the product's currency. Under the product's row
 * lock, so the tier limit and the positions hold under concurrent creations.
 */
export async function createMembershipTier(
  deps: { db: Database; now: Date },
  input: { userId: string; storeId: string; productId: string; fields: NewTierFields },
): Promise<MembershipTier> {
  assertTierPrices(input.fields);
  return deps.db.transaction(async (tx) => {
    const { store, product } = await getOwnedMembershipProduct(tx, { ...input, lock: true });
    assertNotArchived(product);
    const [row] = await tx.select({ n: count(), last: max(membershipTiers.position) }).from(membershipTiers).where(eq(membershipTiers.productId, product.id));
    if ((row?.n ?? 0) >= MEMBERSHIP_LIMITS.tiersPerProduct) {
      throw new AppError('failed-precondition', M.tooManyTiers, { tiersPerProduct: MEMBERSHIP_LIMITS.tiersPerProduct });
    }
    const [tier] = await tx
      .insert(membershipTiers)
      .values({
        id: newId('mtr'),
        storeId: store.id,
        productId: product.id,
        ...input.fields,
        currency: product.currency,
        position: (row?.last ?? -1) + 1,
        createdAt: deps.now,
        updatedAt: deps.now,
      })
      .returning();
    await notifyStorefrontChanged(tx, store.id);
    return toTierView(tier!, 0);
  });
}
