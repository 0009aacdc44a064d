import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { getWebsitePage as getInDb } from '#src/domain/website/get-website-page.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getWebsitePage: Handler<'getWebsitePage'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'websiteBuilder');
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return getInDb({ db: ctx.db, storeId: store.id, pageSlug: input.pageSlug, now: ctx.now() });
};
