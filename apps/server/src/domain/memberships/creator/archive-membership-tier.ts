import { AppError, MEMBERSHIP_MESSAGES as M, type MembershipTier } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { membershipTiers, products } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { assertNotArchived } from '#src/domain/products/get-owned-product.ts';
import { countLiveTiers } from './count-live-tiers.ts';
import { getOwnedTier } from './owned-membership.ts';
import { tierView } from './tier-view.ts';

/**
 * The tier takes no new members from now on (joining skips archived tiers); its members keep
 * their access, their price and their renewals. Archiving an archived tier answers it as it is. A
 * published membership keeps at least one tier that takes members.
 */
export async function archiveMembershipTier(
  deps: { db: Database; now: Date },
  input: { userId: string; storeId: string; tierId: string },
): Promise<MembershipTier> {
  return deps.db.transaction(async (tx) => {
    const found = await getOwnedTier(tx, { ...input });
    // The product's lock first (as createMembershipTier and updateProduct take it), then the tier's.
    const [product] = await tx.select().from(products).where(eq(products.id, found.product.id)).for('update');
    assertNotArchived(product!);
    const { tier } = await getOwnedTier(tx, { ...input, lock: true });
    if (tier.archivedAt) return tierView(tx, tier);
    if (product!.status === 'published' && (await countLiveTiers(tx, product!.id)) <= 1) throw new AppError('failed-precondition', M.lastLiveTier);
    const [row] = await tx.update(membershipTiers).set({ archivedAt: deps.now, updatedAt: deps.now }).where(eq(membershipTiers.id, tier.id)).returning();
    await notifyStorefrontChanged(tx, tier.storeId);
    return tierView(tx, row!);
  });
}
