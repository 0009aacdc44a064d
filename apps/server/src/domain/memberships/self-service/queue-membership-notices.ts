// Exports queueMembershipNotices and the notice job kinds: what an applied membership event queues for the member.
import type { Executor } from '#src/db/executor.ts';
import type { MembershipRow } from '#src/db/schema/index.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import type { MembershipEvent } from '../apply-membership-event.ts';
import { queueTestRenewalUpcoming } from './queue-test-renewal-upcoming.ts';

export const MEMBERSHIP_NOTICE_KIND = 'membership-notice';
export const TEST_TRIAL_ENDING_KIND = 'test-membership-trial-ending';

/** How long before a trial ends the member hears of it (Stripe's `trial_will_end` comes 3 days before). */
export const TRIAL_ENDING_NOTICE_MS = 3 * 24 * 60 * 60 * 1000;

export type MembershipNoticeKind = 'welcome' | 'receipt' | 'payment-failed' | 'cancelled' | 'trial-ending' | 'paused' | 'resumed' | 'renewal-upcoming' | 'price-change';

export interface MembershipNotice {
  membershipId: string;
  notice: MembershipNoticeKind;
  /** The provider event that caused it: one email per membership and event. */
  eventKey: string;
  /** Receipt: the period paid for (ISO), to find its invoice. */
  periodStart?: string;
  /** Failed payment: until when access lasts while retries run (ISO). */
  graceUntil?: string;
  /** Renewal upcoming: the period end it renews at (ISO); a moved period sends nothing. */
  periodEnd?: string;
  /** Price change: the notice's end it announces (ISO); a move changed or applied since sends nothing. */
  priceFrom?: string;
}

export interface TestTrialEnding {
  membershipId: string;
  /** The trial end it warns of (ISO): a membership whose trial moved or ended is left alone. */
  trialEnd: string;
}

const NOTICES: Partial<Record<MembershipEvent['type'], MembershipNoticeKind>> = {
  created: 'welcome',
  renewed: 'receipt',
  recovered: 'receipt',
  payment_failed: 'payment-failed',
  cancel_scheduled: 'cancelled',
  trial_will_end: 'trial-ending',
  paused: 'paused',
  resumed: 'resumed',
};

/**
 * Called by recordMembershipEvent for every applied event, in its transaction, so a notice exists
 * exactly when its event does. The email is rendered later by the durable `membership-notice`
 * job (it needs the server's public URL); its key makes a replayed or re-run event queue one.
 * A test membership that starts with a trial also queues its own `trial_will_end`, 3 days before
 * the trial ends on the store's test clock (Stripe sends that event itself).
 */
export async function queueMembershipNotices(db: Executor, event: MembershipEvent, membership: MembershipRow): Promise<void> {
  const notice = NOTICES[event.type];
  if (notice) {
    const eventKey = `${event.provider}:${event.eventId}`;
    const payload: MembershipNotice = {
      membershipId: membership.id,
      notice,
      eventKey,
      ...(event.type === 'renewed' || event.type === 'recovered' ? { periodStart: event.periodStart.toISOString() } : {}),
      ...(event.type === 'payment_failed' ? { graceUntil: event.graceUntil.toISOString() } : {}),
    };
    await enqueueJob(db, MEMBERSHIP_NOTICE_KIND, payload, { idempotencyKey: `${membership.id}:${eventKey}` });
  }
  if (event.type === 'created' && event.provider === 'test' && membership.trialEnd) {
    const runAt = new Date(Math.max(membership.trialEnd.getTime() - TRIAL_ENDING_NOTICE_MS, event.createdAt.getTime()));
    const payload: TestTrialEnding = { membershipId: membership.id, trialEnd: membership.trialEnd.toISOString() };
    await enqueueJob(db, TEST_TRIAL_ENDING_KIND, payload, {
      idempotencyKey: `${membership.id}:${payload.trialEnd}`,
      runAt,
      testClock: { storeId: membership.storeId },
    });
  }
  // A yearly test membership hears of its renewal 7 days before (Stripe sends its own email).
  if (event.provider === 'test') await queueTestRenewalUpcoming(db, membership, event.createdAt);
}
