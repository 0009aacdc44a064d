import { updateAutomation as updateInDb } from '#src/domain/automations/save-automation.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const updateAutomation: Handler<'updateAutomation'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return updateInDb(ctx.db, { storeId: store.id, automationId: input.automationId, name: input.name, trigger: input.trigger, steps: input.steps, now: ctx.now() });
};
