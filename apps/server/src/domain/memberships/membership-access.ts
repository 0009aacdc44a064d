import type { MembershipState } from './apply-membership-event.ts';
import { LATE_RENEWAL_LEEWAY_MS } from './membership-rules.ts';

type AccessFields = Pick<MembershipState, 'status' | 'currentPeriodEnd' | 'trialEnd' | 'graceUntil' | 'cancelAtPeriodEnd'>;

const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

/**
 * Until when the member sees the tier's content, or null for no access:
 *  - trialing: until the trial ends; active: until the period ends (each with a leeway for a late
 *    renewal, see LATE_RENEWAL_LEEWAY_MS);
 *  - cancelled at period end: exactly until the trial or period ends, as the member was told;
 *  - past_due: until its grace ends (the last retry);
 *  - paused or ended: none.
 */
export function accessUntil(membership: AccessFields): Date | null {
  const periodEnd = membership.status === 'trialing' ? (membership.trialEnd ?? membership.currentPeriodEnd) : membership.currentPeriodEnd;
  switch (membership.status) {
    case 'trialing':
    case 'active':
      return membership.cancelAtPeriodEnd ? periodEnd : later(periodEnd, LATE_RENEWAL_LEEWAY_MS);
    case 'past_due':
      return membership.graceUntil;
    case 'paused':
    case 'ended':
      return null;
  }
}

/** Whether the member has access at `now` (the store's test clock for test-mode memberships). */
export function membershipAccess(membership: AccessFields, now: Date): boolean {
  const until = accessUntil(membership);
  return until !== null && now < until;
}
