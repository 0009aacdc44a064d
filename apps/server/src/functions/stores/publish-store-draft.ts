import { publishStoreDraft as publishInDb } from '#src/domain/stores/store-drafts.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const publishStoreDraft: Handler<'publishStoreDraft'> = (input, ctx) =>
  publishInDb({ db: ctx.db, userId: creatorId(ctx), storeId: input.storeId, now: ctx.now() });
