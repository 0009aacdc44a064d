import type { Executor } from '#src/db/executor.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import type { AutomationRunClock } from '#src/db/schema/index.ts';
import { AUTOMATION_STEP_KIND } from './automation-job-kinds.ts';

export interface StepJobPayload {
  runId: string;
  storeId: string;
  stepId: string;
  /** The step's index when queued: a step removed meanwhile is replaced by the one now at its place. */
  stepIndex: number;
  /** `resume`: the end of a wait step; `hold:<n>`: a retry while the store's sending is paused or out of quota. */
  phase?: string;
}

/**
 * Queues a run's step, once per run, step and phase (the idempotency key): a second queueing of
 * the same step is a no-op, so a step job that runs twice still moves its run on once. `runAt` is
 * on the run's clock: a test-clock run's jobs move with the store's test clock (decision 035).
 */
export async function enqueueStep(
  db: Executor,
  run: { id: string; storeId: string; clock: AutomationRunClock },
  step: { stepId: string; stepIndex: number; phase?: string },
  runAt?: Date,
): Promise<void> {
  const payload: StepJobPayload = { runId: run.id, storeId: run.storeId, stepId: step.stepId, stepIndex: step.stepIndex, ...(step.phase ? { phase: step.phase } : {}) };
  const testClock = run.clock === 'test' ? { storeId: run.storeId, offsetMs: await readTestClockOffsetMs(db, run.storeId) } : undefined;
  await enqueueJob(db, AUTOMATION_STEP_KIND, payload, {
    idempotencyKey: `${run.id}:${step.stepId}${step.phase ? `:${step.phase}` : ''}`,
    runAt,
    testClock,
    maxAttempts: 20,
  });
}
