import { count, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { orderGrants, productFiles, products } from '#src/db/schema/index.ts';
import type { FileStorage } from '#src/files/file-storage.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { getOwnedProduct } from './get-owned-product.ts';
import { changeProductLayout, withoutProduct } from './change-product-layout.ts';

export interface DeleteProductOptions {
  db: Database;
  files: FileStorage;
  userId: string;
  storeId: string;
  productId: string;
  now: Date;
}

/**
 * deleteProduct. A product with orders (any status) is archived instead: its row and files stay,
 * so past buyers keep their downloads. The product row is locked first, so an order being
 * created for it either commits before the count or fails after the delete.
 */
export async function deleteProduct(options: DeleteProductOptions): Promise<{ deleted: boolean; archived: boolean }> {
  const { db, now } = options;
  const outcome = await db.transaction(async (tx) => {
    const { store, product } = await getOwnedProduct(tx, { ...options, lock: true });
    if (product.status === 'archived') return { deleted: false, archived: true, keys: [] as string[] };
    // Sold on its own, as an order bump, or inside a bundle that sold: buyers keep its files.
    const [sold] = await tx.select({ count: count() }).from(orderGrants).where(eq(orderGrants.productId, product.id));
    const hasOrders = (sold?.count ?? 0) > 0;
    let keys: string[] = [];
    if (hasOrders) {
      await tx.update(products).set({ status: 'archived', archivedAt: now, updatedAt: now }).where(eq(products.id, product.id));
    } else {
      const files = await tx.delete(productFiles).where(eq(productFiles.productId, product.id)).returning({ key: productFiles.storageKey });
      keys = files.map((file) => file.key);
      await tx.delete(products).where(eq(products.id, product.id));
    }
    await changeProductLayout(tx, store, withoutProduct(product.id), now);
    await notifyStorefrontChanged(tx, store.id);
    return { deleted: !hasOrders, archived: hasOrders, keys };
  });
  // After the commit: a failed removal leaves an unreachable file, never a row without its file.
  for (const key of outcome.keys) await options.files.delete(key);
  return { deleted: outcome.deleted, archived: outcome.archived };
}
