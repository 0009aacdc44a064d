import { getAutomationOfStore, toAutomation } from '#src/domain/automations/automation-query.ts';
import { automationStats } from '#src/domain/automations/automation-stats.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getAutomation: Handler<'getAutomation'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  const row = await getAutomationOfStore(ctx.db, { storeId: store.id, automationId: input.automationId });
  const stats = await automationStats(ctx.db, { automationId: row.id, stepIds: row.steps.map((step) => step.id) });
  return { automation: toAutomation(row), stats };
};
