import { deleteAutomation as deleteInDb } from '#src/domain/automations/delete-automation.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const deleteAutomation: Handler<'deleteAutomation'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, {
    storeId: input.storeId,
    userId: creatorId(ctx),
  });
  await deleteInDb(ctx.db, {
    storeId: store.id,
    automationId: input.automationId,
  });
  return { deleted: true as const };
};
