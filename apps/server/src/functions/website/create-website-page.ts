import { createWebsitePage as createWebsitePageInDb } from '#src/domain/website/create-website-page.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const createWebsitePage: Handler<'createWebsitePage'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'websiteBuilder');
  return createWebsitePageInDb({ db: ctx.db, userId: creatorId(ctx), ...input, now: ctx.now() });
};
