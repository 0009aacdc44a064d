import { updateProduct as updateInDb } from '#src/domain/products/update-product.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const updateProduct: Handler<'updateProduct'> = ({ storeId, productId, ...changes }, ctx) =>
  updateInDb({ db: ctx.db, userId: creatorId(ctx), storeId, productId, changes, now: ctx.now() });
