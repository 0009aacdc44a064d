import { switchActiveStore as switchInDb } from '#src/domain/stores/switch-active-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const switchActiveStore: Handler<'switchActiveStore'> = async (input, ctx) => ({
  activeStoreId: await switchInDb({ db: ctx.db, userId: creatorId(ctx), storeId: input.storeId, now: ctx.now() }),
});
