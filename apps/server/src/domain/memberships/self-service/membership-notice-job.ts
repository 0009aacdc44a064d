// Exports createMembershipNoticeJob: renders and queues one membership email per membership and event.
import type { Database } from '#src/db/client.ts';
import { enqueueEmail } from '#src/jobs/enqueue-email.ts';
import { PermanentJobError, type JobHandler } from '#src/jobs/types.ts';
import { membershipNoticeEmail } from './membership-notice-email.ts';
import { MEMBERSHIP_NOTICE_KIND, type MembershipNotice } from './queue-membership-notices.ts';

const NOTICES = new Set(['welcome', 'receipt', 'payment-failed', 'cancelled', 'trial-ending', 'paused', 'resumed', 'renewal-upcoming', 'price-change']);
const isNotice = (value: unknown): value is MembershipNotice => {
  const payload = value as Partial<MembershipNotice> | null;
  return typeof payload?.membershipId === 'string' && typeof payload.eventKey === 'string' && NOTICES.has(payload.notice ?? '');
};

/**
 * The email is queued on the bulk email lane (SEND_BULK_EMAIL_KIND) under a key of the membership
 * and the event, in the same transaction that marks this job done: a run twice (a retry, a second
 * runner) queues it once.
 */
export function createMembershipNoticeJob(options: { db: Database; publicUrl: string }): JobHandler {
  return {
    kind: MEMBERSHIP_NOTICE_KIND,
    // One short transaction that commits with the job's `done`: a crashed server's notice is safe
    // to take over after 30 s (RENEW_TEST_MEMBERSHIP_LEASE_MS says why) instead of 5 minutes.
    leaseMs: 30_000,
    async run(job, ctx) {
      if (!isNotice(job.payload)) throw new PermanentJobError('membership-notice: bad payload');
      const notice = job.payload;
      await options.db.transaction(async (tx) => {
        const message = await membershipNoticeEmail(tx, options.publicUrl, notice);
        if (message) await enqueueEmail(tx, message, { idempotencyKey: `membership:${notice.membershipId}:${notice.eventKey}`, lane: 'bulk' });
        else ctx.log.info({ membershipId: notice.membershipId, notice: notice.notice }, 'membership notice no longer applies');
        await ctx.complete(tx);
      });
    },
  };
}
