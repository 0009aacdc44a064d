import { saveWebsitePageDraft as saveWebsitePageDraftInDb } from '#src/domain/website/save-website-page-draft.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const saveWebsitePageDraft: Handler<'saveWebsitePageDraft'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'websiteBuilder');
  return saveWebsitePageDraftInDb({ db: ctx.db, userId: creatorId(ctx), ...input, now: ctx.now() });
};
