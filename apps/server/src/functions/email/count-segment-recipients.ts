import { countSegmentRecipients as countInDb } from '#src/domain/email/audience/count-segment-recipients.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const countSegmentRecipients: Handler<'countSegmentRecipients'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return countInDb(ctx.db, { storeId: store.id, timeZone: store.timeZone, filter: input.filter });
};
