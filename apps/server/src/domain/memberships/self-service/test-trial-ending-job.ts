// Exports createTestTrialEndingJob: the test provider's `trial_will_end`, 3 days before a trial ends on the store's test clock.
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { memberships } from '#src/db/schema/index.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import { PermanentJobError, type JobHandler } from '#src/jobs/types.ts';
import { recordMembershipEvent } from '../record-membership-event.ts';
import { TEST_TRIAL_ENDING_KIND, type TestTrialEnding } from './queue-membership-notices.ts';

const isTrialEnding = (value: unknown): value is TestTrialEnding => {
  const payload = value as Partial<TestTrialEnding> | null;
  return typeof payload?.membershipId === 'string' && typeof payload.trialEnd === 'string';
};

/**
 * Emits `trial_will_end` for a test membership still trialing toward the same trial end; one whose
 * trial moved, ended or turned into a paid period is left alone. The event id is the trial end,
 * so a run twice records it once (and its email is queued once).
 */
export function createTestTrialEndingJob(options: { db: Database }): JobHandler {
  return {
    kind: TEST_TRIAL_ENDING_KIND,
    async run(job, ctx) {
      if (!isTrialEnding(job.payload)) throw new PermanentJobError('test-membership-trial-ending: bad payload');
      const { membershipId, trialEnd } = job.payload;
      await options.db.transaction(async (tx) => {
        const [membership] = await tx.select().from(memberships).where(eq(memberships.id, membershipId)).for('update');
        const current = membership && membership.provider === 'test' && membership.status === 'trialing' && membership.trialEnd?.toISOString() === trialEnd;
        if (current) {
          const clockNow = new Date(ctx.now().getTime() + (await readTestClockOffsetMs(tx, membership.storeId)));
          await recordMembershipEvent(
            tx,
            { provider: 'test', eventId: `testevt_${membership.id}_trial_will_end_${new Date(trialEnd).getTime()}`, providerSubscriptionId: membership.providerSubscriptionId, createdAt: clockNow, type: 'trial_will_end' },
            ctx.now(),
          );
        } else ctx.log.info({ membershipId }, 'trial ending no longer applies');
        await ctx.complete(tx);
      });
    },
  };
}
