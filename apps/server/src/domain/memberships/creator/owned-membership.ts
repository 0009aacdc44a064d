// Exports getOwnedMembershipProduct and getOwnedTier: the tenancy checks of the creator's membership functions.
import { AppError, MEMBERSHIP_MESSAGES as M } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { membershipTiers, products, type MembershipTierRow, type ProductRow, type StoreRow } from '#src/db/schema/index.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';

interface Owned {
  userId: string;
  storeId: string;
  /** Inside a transaction: lock the row until it commits. */
  lock?: boolean;
}

/**
 * SECURITY "Tenancy": the caller's store, then a membership product within it. Another store's
 * product, and a product that is not a membership, answer exactly like a missing one.
 */
export async function getOwnedMembershipProduct(db: Executor, options: Owned & { productId: string }): Promise<{ store: StoreRow; product: ProductRow }> {
  const store = await getOwnedStore(db, { storeId: options.storeId, userId: options.userId });
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.id, options.productId), eq(products.storeId, store.id), eq(products.type, 'membership')))
    .limit(1);
  const [product] = options.lock ? await query.for('update') : await query;
  if (!product) throw new AppError('not-found', M.productNotFound);
  return { store, product };
}

/** A tier of the caller's store (another store's answers like a missing one), with its product. */
export async function getOwnedTier(
  db: Executor,
  options: Owned & { tierId: string },
): Promise<{ store: StoreRow; product: ProductRow; tier: MembershipTierRow }> {
  const store = await getOwnedStore(db, { storeId: options.storeId, userId: options.userId });
  const query = db
    .select({ tier: membershipTiers, product: products })
    .from(membershipTiers)
    .innerJoin(products, eq(products.id, membershipTiers.productId))
    .where(and(eq(membershipTiers.id, options.tierId), eq(membershipTiers.storeId, store.id)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: membershipTiers }) : await query;
  if (!row) throw new AppError('not-found', M.tierNotFound);
  return { store, product: row.product, tier: row.tier };
}
