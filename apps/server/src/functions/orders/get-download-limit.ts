import { getOwnedProduct } from '#src/domain/products/get-owned-product.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getDownloadLimit: Handler<'getDownloadLimit'> = async (input, ctx) => {
  const { product } = await getOwnedProduct(ctx.db, { storeId: input.storeId, productId: input.productId, userId: creatorId(ctx) });
  return { downloadLimit: product.downloadLimit };
};
