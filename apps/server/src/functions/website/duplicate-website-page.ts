import { duplicateWebsitePage as duplicateWebsitePageInDb } from '#src/domain/website/duplicate-website-page.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const duplicateWebsitePage: Handler<'duplicateWebsitePage'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'websiteBuilder');
  return duplicateWebsitePageInDb({ db: ctx.db, userId: creatorId(ctx), ...input, now: ctx.now() });
};
