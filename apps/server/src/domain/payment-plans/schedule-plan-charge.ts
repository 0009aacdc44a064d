// Exports scheduleTestPlanCharge and the job kind: one test-provider instalment charge, queued on the store's test clock.
import type { Executor } from '#src/db/executor.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';

export const CHARGE_TEST_PLAN_INSTALMENT_KIND = 'charge-test-plan-instalment';

export interface TestPlanCharge {
  planId: string;
  /** 2..N: the instalment this charge pays. */
  instalment: number;
  /** 0 for the charge on its due date, then 1.. for the retries after a failure (RENEWAL_RETRY_DAYS). */
  attempt: number;
}

/**
 * Queues one charge at `runAt` on the store's test clock (decision 035), so moving the clock
 * brings it forward. The key is the charge itself: scheduling it twice queues it once.
 */
export function scheduleTestPlanCharge(db: Executor, charge: TestPlanCharge, options: { storeId: string; runAt: Date }) {
  return enqueueJob(db, CHARGE_TEST_PLAN_INSTALMENT_KIND, charge, {
    idempotencyKey: `${charge.planId}:${charge.instalment}:${charge.attempt}`,
    runAt: options.runAt,
    testClock: { storeId: options.storeId },
  });
}
