import { setAutomationStatus as setInDb } from '#src/domain/automations/set-automation-status.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const setAutomationStatus: Handler<'setAutomationStatus'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return setInDb(ctx.db, { storeId: store.id, automationId: input.automationId, status: input.status, now: ctx.now() });
};
