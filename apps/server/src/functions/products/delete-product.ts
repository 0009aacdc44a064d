import { deleteProduct as deleteInDb } from '#src/domain/products/delete-product.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const deleteProduct: Handler<'deleteProduct'> = (input, ctx) =>
  deleteInDb({ db: ctx.db, files: storageFromEnv(ctx.env), userId: creatorId(ctx), ...input, now: ctx.now() });
