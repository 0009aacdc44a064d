import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { membershipCheckouts, membershipTiers, products, stores, type MembershipCheckoutRow, type MembershipTierRow, type ProductRow, type StoreRow } from '#src/db/schema/index.ts';

export interface MembershipCheckoutWithContext {
  checkout: MembershipCheckoutRow;
  tier: MembershipTierRow;
  product: ProductRow;
  store: StoreRow;
}

/** A membership checkout with its tier, product and store; null when there is none. */
export async function loadMembershipCheckout(db: Executor, checkoutId: string, options: { lock?: boolean } = {}): Promise<MembershipCheckoutWithContext | null> {
  const query = db
    .select({ checkout: membershipCheckouts, tier: membershipTiers, product: products, store: stores })
    .from(membershipCheckouts)
    .innerJoin(membershipTiers, eq(membershipTiers.id, membershipCheckouts.tierId))
    .innerJoin(products, eq(products.id, membershipTiers.productId))
    .innerJoin(stores, eq(stores.id, membershipCheckouts.storeId))
    .where(eq(membershipCheckouts.id, checkoutId));
  const [row] = options.lock ? await query.for('update', { of: membershipCheckouts }) : await query;
  return row ?? null;
}

/** Open and not expired, or already completed (its page then only sends the member on). */
export function isShowable(checkout: MembershipCheckoutRow, now: Date): boolean {
  return checkout.status === 'completed' || checkout.expiresAt > now;
}
