import { updateWebsitePage as updateWebsitePageInDb } from '#src/domain/website/update-website-page.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const updateWebsitePage: Handler<'updateWebsitePage'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'websiteBuilder');
  return updateWebsitePageInDb({ db: ctx.db, userId: creatorId(ctx), ...input, now: ctx.now() });
};
