import { reorderWebsitePages as reorderWebsitePagesInDb } from '#src/domain/website/reorder-website-pages.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const reorderWebsitePages: Handler<'reorderWebsitePages'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'websiteBuilder');
  return reorderWebsitePagesInDb({ db: ctx.db, userId: creatorId(ctx), ...input, now: ctx.now() });
};
