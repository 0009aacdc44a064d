// Exports runAutomationStep, the step job of decision 044 (an email step goes on as a batch, decision 054).
import type { AutomationStep } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { automationStepRuns, automationRuns } from '#src/db/schema/index.ts';
import { testClockNow } from '#src/domain/test-clock/read-test-clock.ts';
import type { ClaimedJob, JobRunContext } from '#src/jobs/types.ts';
import { applyTagStep, branchHolds } from './contact-steps.ts';
import { enqueueStep, type StepJobPayload } from './enqueue-step.ts';
import { advanceRun, finishStep, lockRunState, stopRun, type RunState } from './run-state.ts';
import { runEmailStepBatch, type DeliverDeps } from './run-email-step-batch.ts';
import { waitUntil, waitZone } from './wait-until.ts';

const HOUR_MS = 60 * 60_000;

/**
 * One step of one run, as a durable job (decision 044). Everything but an email's send happens in
 * one transaction with the run row locked and the job's own `done`, so a step that runs twice (a
 * crash, two servers) moves its run on once. The run stops before anything else when its contact
 * unsubscribed or is suppressed; a paused or draft automation holds its runs at their step.
 */
export async function runAutomationStep(deps: DeliverDeps, job: ClaimedJob, ctx: JobRunContext): Promise<void> {
  const payload = job.payload as StepJobPayload;
  const now = ctx.now();
  const email = await deps.db.transaction(async (tx) => {
    const state = await lockRunState(tx, payload);
    if (!state || state.run.status !== 'active' || state.run.stepId !== payload.stepId) {
      await ctx.complete(tx);
      return null;
    }
    const { run, automation, contact } = state;
    const clockNow = run.clock === 'test' ? await testClockNow(tx, { storeId: run.storeId, now }) : now;
    const hold = async (retryAtClock: Date, reason: string) => {
      await enqueueStep(tx, run, { stepId: payload.stepId, stepIndex: payload.stepIndex, phase: `hold:${retryAtClock.getTime()}` }, retryAtClock);
      ctx.log.info({ runId: run.id, stepId: payload.stepId, reason }, 'automation step held');
      await ctx.complete(tx);
      return null;
    };
    if (automation.status !== 'live') return hold(new Date(clockNow.getTime() + HOUR_MS), `automation ${automation.status}`);
    if (!contact.marketingConsent || contact.suppressed) {
      await stopRun(tx, { runId: run.id, reason: contact.suppressed ? 'suppressed' : 'no marketing consent', now });
      await ctx.complete(tx);
      return null;
    }
    const resolved = resolveStep(automation.steps, payload);
    if (!resolved) {
      await advanceRun(tx, { run, steps: automation.steps, nextIndex: null, now });
      await ctx.complete(tx);
      return null;
    }
    const { step, index } = resolved;
    if (step.id !== run.stepId) await tx.update(automationRuns).set({ stepId: step.id, stepIndex: index }).where(eq(automationRuns.id, run.id));
    await tx.insert(automationStepRuns).values({ runId: run.id, stepId: step.id, automationId: automation.id, storeId: run.storeId, startedAt: now }).onConflictDoNothing();

    if (step.type === 'email') {
      // Sent outside this transaction, with the step's other due runs as a batch (run-email-step-batch.ts).
      return { run, automation, step, index, withSiblings: step.id === payload.stepId };
    }
    const next = await runOtherStep(tx, state, step, index, { payload, clockNow, now });
    if (next !== 'waiting') {
      await finishStep(tx, { runId: run.id, stepId: step.id, outcome: next.outcome, now });
      await advanceRun(tx, { run, steps: automation.steps, nextIndex: next.nextIndex, now });
    }
    await ctx.complete(tx);
    return null;
  });
  if (email) await runEmailStepBatch(deps, job, ctx, email);
}

/** The step the job names, or, when an edit removed it, the step now at its place. */
function resolveStep(steps: readonly AutomationStep[], payload: StepJobPayload): { step: AutomationStep; index: number } | null {
  const index = steps.findIndex((step) => step.id === payload.stepId);
  if (index >= 0) return { step: steps[index]!, index };
  const at = Math.min(payload.stepIndex, steps.length);
  const step = steps[at];
  return step ? { step, index: at } : null;
}

type Next = { outcome: string; nextIndex: number | null } | 'waiting';

async function runOtherStep(
  tx: Executor,
  state: RunState,
  step: Exclude<AutomationStep, { type: 'email' }>,
  index: number,
  options: { payload: StepJobPayload; clockNow: Date; now: Date },
): Promise<Next> {
  const { run } = state;
  switch (step.type) {
    case 'wait': {
      if (options.payload.phase === 'resume' && options.payload.stepId === step.id) return { outcome: 'waited', nextIndex: index + 1 };
      const until = waitUntil(step.wait, options.clockNow, waitZone(step.wait, { contact: state.contact.timeZone, store: state.timeZone }));
      if (until.getTime() <= options.clockNow.getTime()) return { outcome: 'waited', nextIndex: index + 1 };
      await tx
        .update(automationStepRuns)
        .set({ outcome: `waiting until ${until.toISOString()}` })
        .where(and(eq(automationStepRuns.runId, run.id), eq(automationStepRuns.stepId, step.id)));
      await enqueueStep(tx, run, { stepId: step.id, stepIndex: index, phase: 'resume' }, until);
      return 'waiting';
    }
    case 'add-tag':
    case 'remove-tag':
      return { outcome: await applyTagStep(tx, state, step, options.now), nextIndex: index + 1 };
    case 'branch': {
      if (await branchHolds(tx, state, step.condition, index)) return { outcome: 'yes', nextIndex: index + 1 };
      const target = step.elseStepId === null ? -1 : state.automation.steps.findIndex((candidate) => candidate.id === step.elseStepId);
      return { outcome: 'no', nextIndex: target > index ? target : null };
    }
    case 'end':
      return { outcome: 'end', nextIndex: null };
  }
}
