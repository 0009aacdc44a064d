// Exports queueTestRenewalUpcoming and its job kind: the test provider's notice 7 days before a yearly renewal.
import type { Executor } from '#src/db/executor.ts';
import type { MembershipRow } from '#src/db/schema/index.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';

export const TEST_RENEWAL_UPCOMING_KIND = 'test-membership-renewal-upcoming';

/** How long before a yearly renewal the member hears of it (as Stripe's upcoming-renewal email). */
export const RENEWAL_UPCOMING_NOTICE_MS = 7 * 24 * 60 * 60 * 1000;

export interface TestRenewalUpcoming {
  membershipId: string;
  /** The renewal it announces (ISO): a membership whose period moved, or that will not renew, is left alone. */
  periodEnd: string;
}

/**
 * For a yearly test membership that will renew, queues the notice 7 days before the period end on
 * the store's test clock (at once when closer). Keyed by the renewal, so every event of the same
 * period queues it once; a period moved by a pause, or the next year, queues its own.
 */
export async function queueTestRenewalUpcoming(db: Executor, membership: MembershipRow, eventAt: Date): Promise<void> {
  if (membership.provider !== 'test' || membership.interval !== 'year' || membership.status !== 'active' || membership.cancelAtPeriodEnd) return;
  const payload: TestRenewalUpcoming = { membershipId: membership.id, periodEnd: membership.currentPeriodEnd.toISOString() };
  const runAt = new Date(Math.max(membership.currentPeriodEnd.getTime() - RENEWAL_UPCOMING_NOTICE_MS, eventAt.getTime()));
  await enqueueJob(db, TEST_RENEWAL_UPCOMING_KIND, payload, { idempotencyKey: `${membership.id}:${payload.periodEnd}`, runAt, testClock: { storeId: membership.storeId } });
}
