import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { checkouts, products, stores, type CheckoutRow, type ProductRow, type StoreRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

export interface CheckoutWithContext {
  checkout: CheckoutRow;
  product: ProductRow;
  store: StoreRow;
  /** The order bump's title when the buyer ticked it (the test provider's page lists both lines). */
  bumpTitle: string | null;
}

const bumpProducts = alias(products, 'bump_products');

/** A checkout with its product and store, or null when the id is unknown. */
export async function loadCheckout(db: Executor, checkoutId: string): Promise<CheckoutWithContext | null> {
  const [row] = await db
    .select({ checkout: checkouts, product: products, store: stores, bumpTitle: bumpProducts.title })
    .from(checkouts)
    .innerJoin(products, eq(products.id, checkouts.productId))
    .leftJoin(bumpProducts, eq(bumpProducts.id, checkouts.bumpProductId))
    .innerJoin(stores, eq(stores.id, checkouts.storeId))
    .where(eq(checkouts.id, checkoutId))
    .limit(1);
  return row ?? null;
}

/** Open and not past its expiry: the test card page still takes a payment for it. */
export function isPayable(checkout: CheckoutRow, now: Date): boolean {
  return checkout.status === 'open' && checkout.expiresAt.getTime() > now.getTime();
}
