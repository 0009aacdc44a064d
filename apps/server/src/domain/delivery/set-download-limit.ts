import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { products } from '#src/db/schema/index.ts';
import { assertNotArchived, getOwnedProduct } from '../products/get-owned-product.ts';

/**
 * Sets a product's per-order download limit (null: unlimited). It applies to existing orders too:
 * the limit is read when each download starts. Storefronts do not show it, so no page changes.
 */
export async function setDownloadLimit(
  db: Database,
  options: { storeId: string; productId: string; userId: string; downloadLimit: number | null; now: Date },
): Promise<{ downloadLimit: number | null }> {
  return db.transaction(async (tx) => {
    const { product } = await getOwnedProduct(tx, { ...options, lock: true });
    assertNotArchived(product);
    await tx.update(products).set({ downloadLimit: options.downloadLimit, updatedAt: options.now }).where(eq(products.id, product.id));
    return { downloadLimit: options.downloadLimit };
  });
}
