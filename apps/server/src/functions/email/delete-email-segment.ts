import { deleteEmailSegment as deleteInDb } from '#src/domain/email/audience/delete-email-segment.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const deleteEmailSegment: Handler<'deleteEmailSegment'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  await deleteInDb(ctx.db, { storeId: store.id, segmentId: input.segmentId });
  return { deleted: true };
};
