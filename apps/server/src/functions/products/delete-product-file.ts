import { deleteProductFile as deleteInDb } from '#src/domain/products/product-files.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const deleteProductFile: Handler<'deleteProductFile'> = (input, ctx) =>
  deleteInDb({ db: ctx.db, files: storageFromEnv(ctx.env), userId: creatorId(ctx), ...input });
