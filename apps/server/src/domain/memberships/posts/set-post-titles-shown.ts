import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { products } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { getOwnedMembershipProduct } from '../creator/owned-membership.ts';

/**
 * The creator's switch for a membership's storefront page: list the titles of its published posts
 * (the default) or name none. The page is cached until the store changes, so a change notifies it.
 * Setting what is already set changes nothing.
 */
export async function setPostTitlesShown(
  deps: { db: Database; now: Date },
  input: { userId: string; storeId: string; productId: string; shown: boolean },
): Promise<{ showLockedTitles: boolean }> {
  return deps.db.transaction(async (tx) => {
    const { product } = await getOwnedMembershipProduct(tx, { ...input, lock: true });
    if (product.showLockedPostTitles === input.shown) return { showLockedTitles: input.shown };
    await tx.update(products).set({ showLockedPostTitles: input.shown, updatedAt: deps.now }).where(eq(products.id, product.id));
    await notifyStorefrontChanged(tx, product.storeId);
    return { showLockedTitles: input.shown };
  });
}
