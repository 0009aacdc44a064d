import type { Automation, AutomationListItem, AutomationStatus } from '@shopfront/core';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { automationRuns, automations } from '#src/db/schema/index.ts';
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

/**
 * The store's automations (at most 20), newest first, each with its totals in the same statement:
 * entered counts its runs, waiting its active ones (the runs are found by the run-event index).
 */
export async function listAutomations(db: Executor, storeId: string): Promise<AutomationListItem[]> {
  const runs = automationRuns;
  const rows = await db
    .select({
      automation: automations,
      entered: sql<number>`count(${runs.id})::int`,
      waiting: sql<number>`(count(${runs.id}) filter (where ${runs.status} = 'active'))::int`,
    })
    .from(automations)
    .leftJoin(runs, eq(runs.automationId, automations.id))
    .where(eq(automations.storeId, storeId))
    .groupBy(automations.id)
    .orderBy(desc(automations.createdAt), desc(automations.id));
  return rows.map((row) => ({ ...toAutomation(row.automation), totals: { entered: row.entered, waiting: row.waiting } }));
}
