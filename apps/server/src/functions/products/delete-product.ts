import { deleteProduct as deleteInDb } from '../../domain/products/delete-product.ts';
import { storageFromEnv } from '../../files/storage-from-env.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const deleteProduct: Handler<'deleteProduct'> = (input, ctx) =>
  deleteInDb({ db: ctx.db, files: storageFromEnv(ctx.env), userId: creatorId(ctx), ...input, now: ctx.now() });
