import { saveEmailSegment } from '#src/domain/email/audience/save-email-segment.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const updateEmailSegment: Handler<'updateEmailSegment'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return saveEmailSegment(ctx.db, { store, segmentId: input.segmentId, name: input.name, filter: input.filter, now: ctx.now() });
};
