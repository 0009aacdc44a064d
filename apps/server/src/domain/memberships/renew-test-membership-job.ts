// Exports createRenewTestMembershipJob: the test provider's renewal job, one job per charge (period and attempt), on the store's test clock.
import type { Database } from '#src/db/client.ts';
import { PermanentJobError, type JobHandler } from '#src/jobs/types.ts';
import { chargeTestMembership } from './charge-test-membership.ts';
import { RENEW_TEST_MEMBERSHIP_KIND, type TestMembershipCharge } from './schedule-test-membership-charge.ts';

const isCharge = (value: unknown): value is TestMembershipCharge => {
  const payload = value as Partial<TestMembershipCharge> | null;
  return typeof payload?.membershipId === 'string' && typeof payload.dueAt === 'string' && Number.isInteger(payload.attempt);
};

export function createRenewTestMembershipJob(options: { db: Database }): JobHandler {
  return {
    kind: RENEW_TEST_MEMBERSHIP_KIND,
    async run(job, ctx) {
      if (!isCharge(job.payload)) throw new PermanentJobError('renew-test-membership: bad payload');
      const result = await chargeTestMembership(options.db, job.payload, { now: ctx.now(), complete: ctx.complete });
      if (result !== 'paid' && result !== 'failed') ctx.log.info({ membershipId: job.payload.membershipId, result }, 'test membership charge not made');
    },
  };
}
