import { listEmailSegments as listInDb } from '#src/domain/email/audience/list-email-segments.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const listEmailSegments: Handler<'listEmailSegments'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return { segments: await listInDb(ctx.db, store) };
};
