import { findStoreProducts } from '#src/domain/products/product-view.ts';
import { ownedStore } from '../owned-store.ts';
import type { Handler } from '../types.ts';

export const listProducts: Handler<'listProducts'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  const products = await findStoreProducts(ctx.db, store, { includeArchived: input.includeArchived });
  return { products, currency: store.currency };
};
