import { getOwnedProduct } from '#src/domain/products/get-owned-product.ts';
import { getProductView } from '#src/domain/products/product-view.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getProduct: Handler<'getProduct'> = async (input, ctx) => {
  const { store, product } = await getOwnedProduct(ctx.db, { ...input, userId: creatorId(ctx) });
  return getProductView(ctx.db, store, product.id);
};
