// Exports createTestRenewalUpcomingJob: queues the upcoming-renewal email of a yearly test membership, once.
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { memberships } from '#src/db/schema/index.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { PermanentJobError, type JobHandler } from '#src/jobs/types.ts';
import { MEMBERSHIP_NOTICE_KIND, type MembershipNotice } from './queue-membership-notices.ts';
import { TEST_RENEWAL_UPCOMING_KIND, type TestRenewalUpcoming } from './queue-test-renewal-upcoming.ts';

const isUpcoming = (value: unknown): value is TestRenewalUpcoming => {
  const payload = value as Partial<TestRenewalUpcoming> | null;
  return typeof payload?.membershipId === 'string' && typeof payload.periodEnd === 'string';
};

/**
 * Queues the `renewal-upcoming` notice for a yearly test membership still active and renewing at
 * the same period end; one cancelled, paused, ended or whose period moved is left alone. The
 * notice is keyed by the renewal, so a run twice queues (and sends) it once.
 */
export function createTestRenewalUpcomingJob(options: { db: Database }): JobHandler {
  return {
    kind: TEST_RENEWAL_UPCOMING_KIND,
    async run(job, ctx) {
      if (!isUpcoming(job.payload)) throw new PermanentJobError('test-membership-renewal-upcoming: bad payload');
      const { membershipId, periodEnd } = job.payload;
      await options.db.transaction(async (tx) => {
        const [membership] = await tx.select().from(memberships).where(eq(memberships.id, membershipId)).for('update');
        const renews =
          membership?.provider === 'test' && membership.interval === 'year' && membership.status === 'active' && !membership.cancelAtPeriodEnd && membership.currentPeriodEnd.toISOString() === periodEnd;
        if (renews) {
          const eventKey = `test:renewal_upcoming_${new Date(periodEnd).getTime()}`;
          const notice: MembershipNotice = { membershipId, notice: 'renewal-upcoming', eventKey, periodEnd };
          await enqueueJob(tx, MEMBERSHIP_NOTICE_KIND, notice, { idempotencyKey: `${membershipId}:${eventKey}` });
        } else ctx.log.info({ membershipId }, 'upcoming renewal no longer applies');
        await ctx.complete(tx);
      });
    },
  };
}
