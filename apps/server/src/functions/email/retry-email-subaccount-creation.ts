import { loadEmailSettings } from '#src/domain/email/account/load-email-settings.ts';
import { provisionSmtp2go } from '#src/domain/email/account/provision-smtp2go.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

/** Spec §7: makes whatever of the smtp2go setup is missing; never a second sub-account. */
export const retryEmailSubaccountCreation: Handler<'retryEmailSubaccountCreation'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  await provisionSmtp2go(ctx.db, { storeId: store.id, env: ctx.env, now: ctx.now() });
  return loadEmailSettings(ctx.db, { storeId: store.id, config: ctx.env.email });
};
