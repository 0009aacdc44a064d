import { loadEmailSettings } from '#src/domain/email/account/load-email-settings.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getEmailSettings: Handler<'getEmailSettings'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return loadEmailSettings(ctx.db, { storeId: store.id, config: ctx.env.email });
};
