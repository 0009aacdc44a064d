import { saveStoreDraft as saveInDb } from '#src/domain/stores/store-drafts.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const saveStoreDraft: Handler<'saveStoreDraft'> = async (input, ctx) => {
  const updatedAt = await saveInDb({
    db: ctx.db,
    userId: creatorId(ctx),
    storeId: input.storeId,
    profile: input.profile,
    now: ctx.now(),
  });
  return { updatedAt: updatedAt.toISOString() };
};
