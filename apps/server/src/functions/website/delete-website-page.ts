import { deleteWebsitePage as deleteWebsitePageInDb } from '#src/domain/website/delete-website-page.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const deleteWebsitePage: Handler<'deleteWebsitePage'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'websiteBuilder');
  return deleteWebsitePageInDb({ db: ctx.db, userId: creatorId(ctx), ...input });
};
