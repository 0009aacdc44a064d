import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { listWebsitePages as listInDb } from '#src/domain/website/list-website-pages.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const listWebsitePages: Handler<'listWebsitePages'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'websiteBuilder');
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return listInDb({ db: ctx.db, storeId: store.id, now: ctx.now() });
};
