import { eq } from 'drizzle-orm';
import { checkouts, products, stores, type CheckoutRow, type ProductRow, type StoreRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

export interface CheckoutWithContext {
  checkout: CheckoutRow;
  product: ProductRow;
  store: StoreRow;
}

/** A checkout with its product and store, or null when the id is unknown. */
export async function loadCheckout(db: Executor, checkoutId: string): Promise<CheckoutWithContext | null> {
  const [row] = await db
    .select({ checkout: checkouts, product: products, store: stores })
    .from(checkouts)
    .innerJoin(products, eq(products.id, checkouts.productId))
    .innerJoin(stores, eq(stores.id, checkouts.storeId))
    .where(eq(checkouts.id, checkoutId))
    .limit(1);
  return row ?? null;
}

/** Open and not past its expiry: the test card page still takes a payment for it. */
export function isPayable(checkout: CheckoutRow, now: Date): boolean {
  return checkout.status === 'open' && checkout.expiresAt.getTime() > now.getTime();
}
