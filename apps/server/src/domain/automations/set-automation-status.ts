import type { Automation, AutomationStatus } from '@shopfront/core';
import { desc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { automations } from '#src/db/schema/index.ts';
import { getAutomationOfStore, toAutomation } from './automation-query.ts';
import { assertSendable } from './save-automation.ts';

/**
 * live: trigger events start runs and held runs go on (within the hour their step looks again);
 * paused or draft: no run starts and every run holds at its step. Going live needs a sendable
 * automation (`assertSendable`).
 */
export async function setAutomationStatus(db: Database, options: { storeId: string; automationId: string; status: AutomationStatus; now: Date }): Promise<Automation> {
  return db.transaction(async (tx) => {
    const current = await getAutomationOfStore(tx, { storeId: options.storeId, automationId: options.automationId, lock: true });
    if (options.status === 'live') assertSendable(current.steps);
    const [row] = await tx.update(automations).set({ status: options.status, updatedAt: options.now }).where(eq(automations.id, current.id)).returning();
    return toAutomation(row!);
  });
}

export async function listAutomations(db: Executor, storeId: string): Promise<Automation[]> {
  const rows = await db.select().from(automations).where(eq(automations.storeId, storeId)).orderBy(desc(automations.createdAt), desc(automations.id));
  return rows.map(toAutomation);
}
