import { listWebsitePageVersions as listWebsitePageVersionsInDb } from '#src/domain/website/list-website-page-versions.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const listWebsitePageVersions: Handler<'listWebsitePageVersions'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'websiteBuilder');
  return listWebsitePageVersionsInDb({ db: ctx.db, userId: creatorId(ctx), ...input });
};
