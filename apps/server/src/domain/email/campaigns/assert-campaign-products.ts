import { AppError, EMAIL_MESSAGES, PRODUCT_MESSAGES, type EmailBlock } from '@shopfront/core';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { products } from '#src/db/schema/index.ts';

/**
 * Every product card must show a product of the campaign's own store that is not archived; a
 * foreign or unknown id answers "Product not found", like the editor's preview. `forSending` also
 * requires each to be published, since a draft's page is not public yet.
 */
export async function assertCampaignProducts(db: Executor, options: { storeId: string; body: readonly EmailBlock[]; forSending?: boolean }): Promise<void> {
  const ids = [...new Set(options.body.flatMap((block) => (block.type === 'product' ? [block.productId] : [])))];
  if (ids.length === 0) return;
  const found = await db
    .select({ id: products.id, status: products.status })
    .from(products)
    .where(and(eq(products.storeId, options.storeId), inArray(products.id, ids), isNull(products.archivedAt), ne(products.status, 'archived')));
  if (found.length !== ids.length) throw new AppError('not-found', PRODUCT_MESSAGES.productNotFound);
  if (options.forSending && found.some((product) => product.status !== 'published')) {
    throw new AppError('failed-precondition', EMAIL_MESSAGES.productNotPublished);
  }
}
