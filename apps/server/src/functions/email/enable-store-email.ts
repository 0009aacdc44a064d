import { enableStoreEmail as enableEmail } from '#src/domain/email/account/enable-store-email.ts';
import { loadEmailSettings } from '#src/domain/email/account/load-email-settings.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const enableStoreEmail: Handler<'enableStoreEmail'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  await enableEmail(ctx.db, { storeId: store.id, env: ctx.env, now: ctx.now() });
  return loadEmailSettings(ctx.db, { storeId: store.id, config: ctx.env.email });
};
