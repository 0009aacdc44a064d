import { discardWebsitePageDraft as discardWebsitePageDraftInDb } from '#src/domain/website/discard-website-page-draft.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const discardWebsitePageDraft: Handler<'discardWebsitePageDraft'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'websiteBuilder');
  return discardWebsitePageDraftInDb({ db: ctx.db, userId: creatorId(ctx), ...input, now: ctx.now() });
};
