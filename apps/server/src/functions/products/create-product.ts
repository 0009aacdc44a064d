import { createProduct as createInDb } from '#src/domain/products/create-product.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const createProduct: Handler<'createProduct'> = ({ storeId, ...fields }, ctx) =>
  createInDb({ db: ctx.db, userId: creatorId(ctx), storeId, fields, now: ctx.now() });
