import type { AutomationStep, AutomationWait } from '@shopfront/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { automationRuns, automationStepRuns, automations, customers, jobs, stores } from '#src/db/schema/index.ts';
import { JOBS_CHANNEL, lockTestClockOffsetMs } from '#src/jobs/enqueue-job.ts';
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
    .select({ id: automationRuns.id, clock: automationRuns.clock, contactZone: customers.timeZone, storeZone: stores.timeZone, steps: automations.steps })
    .from(automationRuns)
    .innerJoin(customers, eq(customers.id, automationRuns.customerId))
    .innerJoin(stores, eq(stores.id, automationRuns.storeId))
    .innerJoin(automations, eq(automations.id, automationRuns.automationId))
    .where(
      and(
        inArray(automationRuns.id, [...options.outcomes.keys()]),
        eq(automationRuns.storeId, storeId),
        eq(automationRuns.automationId, options.automationId),
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
  // The automation as it is now (read with the locked runs): a live edit decides the next step.
  const steps: readonly AutomationStep[] = runs[0]!.steps;
  const at = steps.findIndex((step) => step.id === stepId);
  const nextIndex = (at >= 0 ? at : options.stepIndex) + 1;
  const next = steps[nextIndex];
  if (!next) {
    await tx.update(automationRuns).set({ status: 'completed', stepId: null, finishedAt: now, updatedAt: now }).where(inArray(automationRuns.id, ids));
    return;
  }
  await tx.update(automationRuns).set({ stepId: next.id, stepIndex: nextIndex, updatedAt: now }).where(inArray(automationRuns.id, ids));
  const waits = next.type === 'wait' ? await waitEnds(tx, { storeId, wait: next.wait, runs, now }) : null;
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  if (waits) {
    // A wait next is entered here, as its own step job would: recorded, and its resume queued at its end.
    const records = runs.map((run) => ({ run_id: run.id, outcome: `waiting until ${waits.get(run.id)!.until.toISOString()}` }));
    await tx.execute(sql`
      insert into ${automationStepRuns} (run_id, step_id, automation_id, store_id, started_at, outcome)
      select run_id, ${next.id}, ${options.automationId}, ${storeId}, ${now}, outcome from jsonb_to_recordset(${json(records)}) as v(run_id text, outcome text)
      on conflict do nothing`);
  }
  // The next jobs, keyed like enqueueStep's, as one JSON parameter; the NOTIFY in the same statement.
  const queued = runs.map((run) => {
    const wait = waits?.get(run.id);
    return {
      id: newId('job'),
      payload: { runId: run.id, storeId, stepId: next.id, stepIndex: nextIndex, ...(wait ? { phase: 'resume' } : {}) } satisfies StepJobPayload,
      idempotency_key: `${AUTOMATION_STEP_KIND}:${run.id}:${next.id}${wait ? ':resume' : ''}`,
      // A wait's end, or now on the database's clock (as enqueueJob); a test-clock run's jobs move with the store's test clock.
      run_at: wait ? wait.runAt.toISOString() : null,
      clock_store_id: run.clock === 'test' ? storeId : null,
    };
  });
  await tx.execute(sql`
    with inserted as (
      insert into ${jobs} (id, kind, payload, idempotency_key, max_attempts, run_at, clock_store_id)
      select id, ${AUTOMATION_STEP_KIND}, payload, idempotency_key, 20, coalesce(run_at, now()), clock_store_id
      from jsonb_to_recordset(${json(queued)}) as v(id text, payload jsonb, idempotency_key text, run_at timestamptz, clock_store_id text)
      on conflict (idempotency_key) do nothing)
    select pg_notify(${JOBS_CHANNEL}, ${AUTOMATION_STEP_KIND})`);
}

/** Each run's wait end on its own clock (`until`) and as the job's real time (`runAt`). */
async function waitEnds(
  tx: Executor,
  options: { storeId: string; wait: AutomationWait; runs: readonly { id: string; clock: string; contactZone: string | null; storeZone: string }[]; now: Date },
): Promise<Map<string, { until: Date; runAt: Date }>> {
  // Share-locked: a move of the test clock waits for this transaction and shifts these jobs with the rest.
  const offset = options.runs.some((run) => run.clock === 'test') ? await lockTestClockOffsetMs(tx, options.storeId) : 0;
  return new Map(
    options.runs.map((run) => {
      const runOffset = run.clock === 'test' ? offset : 0;
      const until = waitUntil(options.wait, new Date(options.now.getTime() + runOffset), waitZone(options.wait, { contact: run.contactZone, store: run.storeZone }));
      return [run.id, { until, runAt: new Date(until.getTime() - runOffset) }];
    }),
  );
}
