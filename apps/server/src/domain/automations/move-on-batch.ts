import type { AutomationStep, AutomationWait } from '@shopfront/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { automationRuns, automationStepRuns, automations, customers, jobs, stores } from '#src/db/schema/index.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import { JOBS_CHANNEL } from '#src/jobs/enqueue-job.ts';
import { AUTOMATION_STEP_KIND } from './automation-job-kinds.ts';
import type { StepJobPayload } from './enqueue-step.ts';
import { waitUntil, waitZone } from './wait-until.ts';

/**
 * Records an email step done for the runs whose message went out (or failed for good) and moves
 * each on, in a few statements for the whole batch: the runs locked in id order, the step records,
 * the runs' next step and its jobs (one per run, keyed like `enqueueStep`'s, so a batch that runs
 * twice queues each once). A wait step next is entered at once (its end computed per run, on the
 * run's clock and zone), so the next job is its resume: no job per run just to start the wait. A run stopped meanwhile (its checkout paid) or already moved on by
 * another holder stays as it is.
 */
export async function moveOnBatch(
  tx: Executor,
  options: { storeId: string; automationId: string; stepId: string; stepIndex: number; outcomes: ReadonlyMap<string, string>; now: Date },
): Promise<void> {
  const { storeId, stepId, now } = options;
  if (options.outcomes.size === 0) return;
  const runs = await tx
    .select({ id: automationRuns.id, clock: automationRuns.clock, contactZone: customers.timeZone })
    .from(automationRuns)
    .innerJoin(customers, eq(customers.id, automationRuns.customerId))
    .where(
      and(
        inArray(automationRuns.id, [...options.outcomes.keys()]),
        eq(automationRuns.storeId, storeId),
        eq(automationRuns.status, 'active'),
        eq(automationRuns.stepId, stepId),
      ),
    )
    .orderBy(automationRuns.id)
    .for('update', { of: automationRuns });
  if (runs.length === 0) return;
  const ids = runs.map((run) => run.id);
  for (const outcome of new Set(ids.map((id) => options.outcomes.get(id)!))) {
    await tx
      .update(automationStepRuns)
      .set({ status: 'done', outcome, finishedAt: now })
      .where(and(inArray(automationStepRuns.runId, ids.filter((id) => options.outcomes.get(id) === outcome)), eq(automationStepRuns.stepId, stepId)));
  }
  // The automation as it is now: a live edit decides the next step.
  const [automation] = await tx.select({ steps: automations.steps }).from(automations).where(eq(automations.id, options.automationId));
  const steps: readonly AutomationStep[] = automation?.steps ?? [];
  const at = steps.findIndex((step) => step.id === stepId);
  const nextIndex = (at >= 0 ? at : options.stepIndex) + 1;
  const next = steps[nextIndex];
  if (!next) {
    await tx.update(automationRuns).set({ status: 'completed', stepId: null, finishedAt: now, updatedAt: now }).where(inArray(automationRuns.id, ids));
    return;
  }
  await tx.update(automationRuns).set({ stepId: next.id, stepIndex: nextIndex, updatedAt: now }).where(inArray(automationRuns.id, ids));
  const waits = next.type === 'wait' ? await waitEnds(tx, { storeId, wait: next.wait, runs, now }) : null;
  if (waits) {
    // A wait next is entered here, as its own step job would: recorded, and its resume queued at its end.
    await tx
      .insert(automationStepRuns)
      .values(runs.map((run) => ({ runId: run.id, stepId: next.id, automationId: options.automationId, storeId, startedAt: now, outcome: `waiting until ${waits.get(run.id)!.until.toISOString()}` })))
      .onConflictDoNothing();
  }
  await tx
    .insert(jobs)
    .values(
      runs.map((run) => {
        const wait = waits?.get(run.id);
        return {
          id: newId('job'),
          kind: AUTOMATION_STEP_KIND,
          payload: { runId: run.id, storeId, stepId: next.id, stepIndex: nextIndex, ...(wait ? { phase: 'resume' } : {}) } satisfies StepJobPayload,
          idempotencyKey: `${AUTOMATION_STEP_KIND}:${run.id}:${next.id}${wait ? ':resume' : ''}`,
          maxAttempts: 20,
          // On the run's clock: a test-clock run's jobs move with the store's test clock.
          ...(wait ? { runAt: wait.runAt } : {}),
          ...(run.clock === 'test' ? { clockStoreId: storeId } : {}),
        };
      }),
    )
    .onConflictDoNothing({ target: jobs.idempotencyKey });
  await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${AUTOMATION_STEP_KIND})`);
}

/** Each run's wait end on its own clock (`until`) and as the job's real time (`runAt`). */
async function waitEnds(
  tx: Executor,
  options: { storeId: string; wait: AutomationWait; runs: readonly { id: string; clock: string; contactZone: string | null }[]; now: Date },
): Promise<Map<string, { until: Date; runAt: Date }>> {
  const [store] = await tx.select({ timeZone: stores.timeZone }).from(stores).where(eq(stores.id, options.storeId));
  const offset = options.runs.some((run) => run.clock === 'test') ? await readTestClockOffsetMs(tx, options.storeId) : 0;
  return new Map(
    options.runs.map((run) => {
      const runOffset = run.clock === 'test' ? offset : 0;
      const until = waitUntil(options.wait, new Date(options.now.getTime() + runOffset), waitZone(options.wait, { contact: run.contactZone, store: store?.timeZone ?? 'UTC' }));
      return [run.id, { until, runAt: new Date(until.getTime() - runOffset) }];
    }),
  );
}
