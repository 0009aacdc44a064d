import { restoreWebsitePageVersion as restoreWebsitePageVersionInDb } from '#src/domain/website/restore-website-page-version.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const restoreWebsitePageVersion: Handler<'restoreWebsitePageVersion'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'websiteBuilder');
  return restoreWebsitePageVersionInDb({ db: ctx.db, userId: creatorId(ctx), ...input, now: ctx.now() });
};
