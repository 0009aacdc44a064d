// Exports queueTestMembershipResume: the test provider's resume of a pause the member gave a date, one durable job per pause on the store's test clock.
import type { Executor } from '#src/db/executor.ts';
import type { MembershipRow } from '#src/db/schema/index.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';

export const TEST_MEMBERSHIP_RESUME_KIND = 'test-membership-resume';

export interface TestMembershipResume {
  membershipId: string;
  storeId: string;
  customerId: string;
  /** The pause it ends (ISO): a later pause is not this job's. */
  pausedAt: string;
}

export const isResume = (value: unknown): value is TestMembershipResume => {
  const payload = value as Partial<TestMembershipResume> | null;
  return typeof payload?.membershipId === 'string' && typeof payload.storeId === 'string' && typeof payload.customerId === 'string' && typeof payload.pausedAt === 'string';
};

/** Queues the resume at the pause's date on the store's test clock; the same pause twice is one job. */
export async function queueTestMembershipResume(tx: Executor, membership: MembershipRow): Promise<void> {
  if (!membership.pausedAt || !membership.pausedUntil || membership.provider !== 'test') return;
  const payload: TestMembershipResume = { membershipId: membership.id, storeId: membership.storeId, customerId: membership.customerId, pausedAt: membership.pausedAt.toISOString() };
  await enqueueJob(tx, TEST_MEMBERSHIP_RESUME_KIND, payload, {
    idempotencyKey: `${membership.id}:${payload.pausedAt}`,
    runAt: membership.pausedUntil,
    testClock: { storeId: membership.storeId },
  });
}
