import type { Executor } from '#src/db/executor.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';

export const RENEW_TEST_MEMBERSHIP_KIND = 'renew-test-membership';

export interface TestMembershipCharge {
  membershipId: string;
  /** When the charge falls due on the store's clock: the end of the period it renews (ISO). */
  dueAt: string;
  /** 0 for the charge at period end, then 1.. for the retries after a failure. */
  attempt: number;
}

/**
 * Queues one charge at `runAt` on the store's test clock (decision 035), so moving the clock
 * brings it forward. The key is the charge itself: scheduling it twice queues it once.
 */
export function scheduleTestMembershipCharge(
  db: Executor,
  charge: TestMembershipCharge,
  options: { storeId: string; runAt: Date },
) {
  return enqueueJob(db, RENEW_TEST_MEMBERSHIP_KIND, charge, {
    idempotencyKey: `${charge.membershipId}:${charge.dueAt}:${charge.attempt}`,
    runAt: options.runAt,
    testClock: { storeId: options.storeId },
  });
}

