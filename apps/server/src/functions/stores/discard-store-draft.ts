import { discardStoreDraft as discardInDb } from '#src/domain/stores/store-drafts.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const discardStoreDraft: Handler<'discardStoreDraft'> = async (input, ctx) => ({
  discarded: await discardInDb({ db: ctx.db, userId: creatorId(ctx), storeId: input.storeId }),
});
