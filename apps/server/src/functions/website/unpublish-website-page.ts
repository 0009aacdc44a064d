import { unpublishWebsitePage as unpublishWebsitePageInDb } from '#src/domain/website/unpublish-website-page.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const unpublishWebsitePage: Handler<'unpublishWebsitePage'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'websiteBuilder');
  return unpublishWebsitePageInDb({ db: ctx.db, userId: creatorId(ctx), ...input, now: ctx.now() });
};
