import { loadStoreDraft } from '#src/domain/stores/store-drafts.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

/** Spec store-previews: the builder opens on the draft, or on the published profile. */
export const getStoreDraft: Handler<'getStoreDraft'> = (input, ctx) =>
  loadStoreDraft({ db: ctx.db, userId: creatorId(ctx), storeId: input.storeId });
