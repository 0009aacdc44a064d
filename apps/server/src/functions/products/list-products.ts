import { findStoreProducts } from '#src/domain/products/product-view.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const listProducts: Handler<'listProducts'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  const products = await findStoreProducts(ctx.db, store, { includeArchived: input.includeArchived });
  return { products, currency: store.currency };
};
