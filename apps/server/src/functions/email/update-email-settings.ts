import { loadEmailSettings } from '#src/domain/email/account/load-email-settings.ts';
import { saveEmailSettings } from '#src/domain/email/account/save-email-settings.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const updateEmailSettings: Handler<'updateEmailSettings'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  await saveEmailSettings(ctx.db, { storeId: store.id, fields: input.fields, now: ctx.now() });
  return loadEmailSettings(ctx.db, { storeId: store.id, config: ctx.env.email });
};
