// Exports the job-table statements of an email step batch: claiming the step's other due jobs
// beside the one the runner gave us, and settling them (done, or back to pending for later).
import { sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { jobs } from '#src/db/schema/index.ts';
import type { ClaimedJob } from '#src/jobs/types.ts';
import { AUTOMATION_STEP_KIND } from './automation-job-kinds.ts';
import type { StepJobPayload } from './enqueue-step.ts';

export interface BatchJob {
  id: string;
  payload: StepJobPayload;
}

/** A literal, not a parameter, so the planner can match jobs_step_batch_idx's partial predicate. */
const STEP_KIND = sql.raw(`'${AUTOMATION_STEP_KIND}'`);

/**
 * Takes up to `limit` other due step jobs of the same store and step (first runs or holds of it,
 * not a wait's resume) under the lead job's lease and worker, so they are this worker's exactly as
 * the lead is: a crash leaves them to be taken over when that lease ends, like the lead. Read in
 * order from jobs_step_batch_idx, so a claim costs the same with 100 or 100,000 jobs waiting.
 */
export async function claimStepSiblings(db: Executor, lead: ClaimedJob, options: { limit: number; now: Date }): Promise<BatchJob[]> {
  const payload = lead.payload as StepJobPayload;
  if (options.limit <= 0) return [];
  const result = await db.execute(sql`
    with due as materialized (
      ${stepSiblingsQuery({ storeId: payload.storeId, stepId: payload.stepId, leadId: lead.id, now: options.now, limit: options.limit })}
      for update skip locked
    )
    update ${jobs} set status = 'running', attempts = ${jobs.attempts} + 1, locked_by = ${lead.lockedBy},
      locked_until = ${lead.lockedUntil}, updated_at = ${options.now}
    from due where ${jobs.id} = due.id
    returning ${jobs.id} as id, ${jobs.payload} as payload`);
  return (result.rows as { id: string; payload: StepJobPayload }[]).map((row) => ({ id: row.id, payload: row.payload }));
}

/** The ids claimStepSiblings takes, oldest first (step-batch-jobs.test.ts reads its plan). */
export function stepSiblingsQuery(options: { storeId: string; stepId: string; leadId: string; now: Date; limit: number }) {
  return sql`
      select id from ${jobs}
      where kind = ${STEP_KIND} and status = 'pending' and run_at <= ${options.now}
        and payload->>'storeId' = ${options.storeId} and payload->>'stepId' = ${options.stepId}
        and coalesce(payload->>'phase', '') not like 'resume%' and id <> ${options.leadId}
      order by run_at, id
      limit ${options.limit}`;
}

/** Marks claimed sibling jobs done (those this worker still holds). */
export async function finishSiblings(db: Executor, lead: ClaimedJob, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update ${jobs} set status = 'done', completed_at = ${now}, locked_by = null, locked_until = null, updated_at = ${now}
    where id in ${sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`} and locked_by = ${lead.lockedBy} and status = 'running'`);
}

/**
 * Puts claimed sibling jobs back to pending at `runAt` (a real time). `countAttempt` false for a
 * hold (rate limit, another holder's lease), which is no failed attempt of the step.
 */
export async function releaseSiblings(db: Executor, lead: ClaimedJob, ids: readonly string[], options: { runAt: Date; now: Date; countAttempt: boolean }): Promise<void> {
  if (ids.length === 0) return;
  await db.execute(sql`
    update ${jobs} set status = 'pending', run_at = ${options.runAt}, locked_by = null, locked_until = null, updated_at = ${options.now},
      attempts = ${options.countAttempt ? sql`${jobs.attempts}` : sql`greatest(${jobs.attempts} - 1, 0)`}
    where id in ${sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`} and locked_by = ${lead.lockedBy} and status = 'running'`);
}
