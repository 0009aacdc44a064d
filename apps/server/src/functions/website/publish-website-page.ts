import { publishWebsitePage as publishWebsitePageInDb } from '#src/domain/website/publish-website-page.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const publishWebsitePage: Handler<'publishWebsitePage'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'websiteBuilder');
  return publishWebsitePageInDb({ db: ctx.db, userId: creatorId(ctx), ...input, now: ctx.now() });
};
