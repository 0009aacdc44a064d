import { eq } from 'drizzle-orm';
import { products, type CheckoutRow, type ProductRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';

export interface CheckoutLine {
  productId: string;
  title: string;
  amountCents: number;
}

/**
 * A checkout's order lines: the product at the checkout's amount less the bump, then the order
 * bump when the buyer ticked it. Their amounts add up to the checkout's amount exactly.
 */
export async function checkoutLines(
  db: Executor,
  checkout: Pick<CheckoutRow, 'amountCents' | 'bumpProductId' | 'bumpAmountCents'>,
  product: Pick<ProductRow, 'id' | 'title'>,
): Promise<CheckoutLine[]> {
  const main = { productId: product.id, title: product.title, amountCents: checkout.amountCents - checkout.bumpAmountCents };
  if (!checkout.bumpProductId) return [main];
  const [bump] = await db.select({ id: products.id, title: products.title }).from(products).where(eq(products.id, checkout.bumpProductId));
  if (!bump) return [{ ...main, amountCents: checkout.amountCents }];
  return [main, { productId: bump.id, title: bump.title, amountCents: checkout.bumpAmountCents }];
}
