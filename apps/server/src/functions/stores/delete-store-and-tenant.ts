import { deleteStore } from '#src/domain/stores/delete-store.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const deleteStoreAndTenant: Handler<'deleteStoreAndTenant'> = async (input, ctx) => {
  const { activeStoreId } = await deleteStore({
    db: ctx.db,
    files: storageFromEnv(ctx.env),
    log: ctx.log,
    userId: creatorId(ctx),
    storeId: input.storeId,
    confirmSlug: input.confirmSlug,
    now: ctx.now(),
  });
  return { deleted: true as const, activeStoreId };
};
