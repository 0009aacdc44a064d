import { listAutomations as listInDb } from '#src/domain/automations/set-automation-status.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const listAutomations: Handler<'listAutomations'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return { automations: await listInDb(ctx.db, store.id) };
};
