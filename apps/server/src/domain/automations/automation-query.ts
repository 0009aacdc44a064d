// Exports the automation reads every creator function builds on (getAutomationOfStore, toAutomation,
// automationNotFound): one module because they share the not-found rule and the wire shape.
import { AppError, MESSAGES, type Automation } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { automations } from '#src/db/schema/index.ts';

export type AutomationRow = typeof automations.$inferSelect;

/** An automation of another store answers exactly like a missing one. */
export function automationNotFound(): AppError {
  return new AppError('not-found', MESSAGES.generic.notFound);
}

/** The store's automation, or `automationNotFound`; `lock` for an update. */
export async function getAutomationOfStore(db: Executor, options: { storeId: string; automationId: string; lock?: boolean }): Promise<AutomationRow> {
  const query = db
    .select()
    .from(automations)
    .where(and(eq(automations.id, options.automationId), eq(automations.storeId, options.storeId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw automationNotFound();
  return row;
}

export function toAutomation(row: AutomationRow): Automation {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    trigger: row.trigger,
    steps: row.steps,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
