import { exportStore } from '#src/domain/admin/export-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

/** Settings › Your data: the export the admin CLI prints, for the store's owner only. */
export const exportStoreData: Handler<'exportStoreData'> = async (input, ctx) => {
  const exported = await exportStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx), now: ctx.now() });
  const day = exported.exportedAt.slice(0, 10);
  return { filename: `${exported.store.slug}-export-${day}.json`, json: `${JSON.stringify(exported, null, 2)}\n`, members: exported.members.length };
};
