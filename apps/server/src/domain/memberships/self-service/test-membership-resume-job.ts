// Exports createTestMembershipResumeJob: the test provider resumes a pause the member gave a date, when that date comes.
import type { Database } from '#src/db/client.ts';
import { PermanentJobError, type JobHandler } from '#src/jobs/types.ts';
import { unpauseMyMembership } from './pause-my-membership.ts';
import { isResume, TEST_MEMBERSHIP_RESUME_KIND } from './queue-test-membership-resume.ts';

/**
 * At the date, the pause ends as if the member resumed it (unpauseMyMembership: the period moves
 * on by the time paused and the next charge is queued). A membership resumed, ended or paused
 * again since is left as it is, so a replayed job changes nothing.
 */
export function createTestMembershipResumeJob(options: { db: Database }): JobHandler {
  return {
    kind: TEST_MEMBERSHIP_RESUME_KIND,
    async run(job, ctx) {
      if (!isResume(job.payload)) throw new PermanentJobError('test-membership-resume: bad payload');
      const { membershipId, storeId, customerId, pausedAt } = job.payload;
      const resumed = await unpauseMyMembership({ db: options.db, now: ctx.now() }, { membershipId, storeId, customerId }, { pausedAt }).catch((error: unknown) => {
        // An ended membership has nothing to resume.
        ctx.log.info({ membershipId, error: String(error) }, 'test membership not resumed');
        return null;
      });
      if (resumed && resumed.status === 'paused') ctx.log.info({ membershipId }, 'a later pause is not this job’s');
    },
  };
}
