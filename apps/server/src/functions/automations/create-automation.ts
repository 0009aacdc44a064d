import { createAutomation as createInDb } from '#src/domain/automations/save-automation.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const createAutomation: Handler<'createAutomation'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  const { storeId: _storeId, ...rest } = input;
  return createInDb(ctx.db, { storeId: store.id, input: rest, now: ctx.now() });
};
