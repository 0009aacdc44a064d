import { loadEmailSettings } from '#src/domain/email/account/load-email-settings.ts';
import { provisionSmtp2go } from '#src/domain/email/account/provision-smtp2go.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

/** Spec §7: finds or re-creates the store's smtp2go webhook, making it active when it works. */
export const retryWebhookCreation: Handler<'retryWebhookCreation'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  await provisionSmtp2go(ctx.db, { storeId: store.id, env: ctx.env, now: ctx.now(), only: 'webhook' });
  return loadEmailSettings(ctx.db, { storeId: store.id, config: ctx.env.email });
};
