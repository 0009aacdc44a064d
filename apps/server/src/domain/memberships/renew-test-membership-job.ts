// Exports createRenewTestMembershipJob: the test provider's renewal job, one job per charge (period and attempt), on the store's test clock.
import type { Database } from '#src/db/client.ts';
import { PermanentJobError, type JobHandler } from '#src/jobs/types.ts';
import { chargeTestMembership } from './charge-test-membership.ts';
import { RENEW_TEST_MEMBERSHIP_KIND, type TestMembershipCharge } from './schedule-test-membership-charge.ts';

const isCharge = (value: unknown): value is TestMembershipCharge => {
  const payload = value as Partial<TestMembershipCharge> | null;
  return typeof payload?.membershipId === 'string' && typeof payload.dueAt === 'string' && Number.isInteger(payload.attempt);
};

/**
 * A charge is one short transaction, and the invoice row and the job's `done` commit together, so a
 * second runner taking a charge over can never make it twice (the first one's commit fails on its
 * lost lease, or the second finds it charged). A crashed server's charges are therefore taken over
 * after 30 s instead of the runner's 5 minutes.
 */
export const RENEW_TEST_MEMBERSHIP_LEASE_MS = 30_000;

export function createRenewTestMembershipJob(options: { db: Database }): JobHandler {
  return {
    kind: RENEW_TEST_MEMBERSHIP_KIND,
    leaseMs: RENEW_TEST_MEMBERSHIP_LEASE_MS,
    async run(job, ctx) {
      if (!isCharge(job.payload)) throw new PermanentJobError('renew-test-membership: bad payload');
      const result = await chargeTestMembership(options.db, job.payload, { now: ctx.now(), complete: ctx.complete });
      if (result !== 'paid' && result !== 'failed') ctx.log.info({ membershipId: job.payload.membershipId, result }, 'test membership charge not made');
    },
  };
}
