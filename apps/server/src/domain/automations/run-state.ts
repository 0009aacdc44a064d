// Exports the writes that move a run (finishStep, advanceRun, stopRun) and lockRunState, the read
// every step starts with: one module because each step job uses them together in its transaction.
import type { AutomationStep } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { automationRuns, automationStepRuns, automations, customers, emailSuppressions, stores } from '#src/db/schema/index.ts';
import { enqueueStep } from './enqueue-step.ts';

export type RunRow = typeof automationRuns.$inferSelect;

export interface RunState {
  run: RunRow;
  automation: { id: string; name: string; status: string; steps: AutomationStep[] };
  contact: { id: string; email: string; name: string; tags: string[]; marketingConsent: boolean; suppressed: boolean; timeZone: string | null };
  /** The store's zone. */
  timeZone: string;
}

/** The run (row-locked: one step of a run at a time, on any server), its automation, contact (with their zone, if known) and store zone. */
export async function lockRunState(tx: Executor, options: { runId: string; storeId: string }): Promise<RunState | null> {
  // One statement: the run row-locked (FOR UPDATE OF the run alone) with what its step reads.
  const [row] = await tx
    .select({
      run: automationRuns,
      automation: { id: automations.id, name: automations.name, status: automations.status, steps: automations.steps },
      contact: { id: customers.id, email: customers.email, name: customers.name, tags: customers.tags, marketingConsent: customers.marketingConsent, timeZone: customers.timeZone },
      suppressed: sql<boolean>`exists (select 1 from ${emailSuppressions} s where s.store_id = ${automationRuns.storeId} and s.email = ${customers.email})`,
      timeZone: stores.timeZone,
    })
    .from(automationRuns)
    .innerJoin(automations, eq(automations.id, automationRuns.automationId))
    .innerJoin(customers, eq(customers.id, automationRuns.customerId))
    .innerJoin(stores, eq(stores.id, automations.storeId))
    .where(and(eq(automationRuns.id, options.runId), eq(automationRuns.storeId, options.storeId)))
    .for('update', { of: automationRuns });
  if (!row) return null;
  return { run: row.run, automation: row.automation, contact: { ...row.contact, suppressed: row.suppressed }, timeZone: row.timeZone };
}

/** Records the step as executed for the run (once: a repeat finds it done). */
export async function finishStep(tx: Executor, options: { runId: string; stepId: string; outcome: string; now: Date }): Promise<void> {
  await tx
    .update(automationStepRuns)
    .set({ status: 'done', outcome: options.outcome, finishedAt: options.now })
    .where(and(eq(automationStepRuns.runId, options.runId), eq(automationStepRuns.stepId, options.stepId)));
}

/** Moves the run to step `nextIndex` and queues it now, or completes the run past the last step (`null`: end). */
export async function advanceRun(tx: Executor, options: { run: RunRow; steps: readonly AutomationStep[]; nextIndex: number | null; now: Date }): Promise<void> {
  const { run, steps, nextIndex, now } = options;
  const next = nextIndex === null ? undefined : steps[nextIndex];
  if (!next || nextIndex === null) {
    await tx
      .update(automationRuns)
      .set({ status: 'completed', stepId: null, finishedAt: now, updatedAt: now })
      .where(eq(automationRuns.id, run.id));
    return;
  }
  await tx.update(automationRuns).set({ stepId: next.id, stepIndex: nextIndex, updatedAt: now }).where(eq(automationRuns.id, run.id));
  await enqueueStep(tx, run, { stepId: next.id, stepIndex: nextIndex });
}

/** Ends an active run for good (an unsubscribe, a suppression, a paid checkout); its queued jobs then do nothing. */
export async function stopRun(tx: Executor, options: { runId: string; reason: string; now: Date }): Promise<void> {
  await tx
    .update(automationRuns)
    .set({ status: 'stopped', stopReason: options.reason, finishedAt: options.now, updatedAt: options.now })
    .where(and(eq(automationRuns.id, options.runId), eq(automationRuns.status, 'active')));
}
