import { AppError, type MyMembership } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import type { Transaction } from '#src/db/executor.ts';
import type { MembershipRow } from '#src/db/schema/index.ts';
import type { MembershipEvent } from '../apply-membership-event.ts';
import { recordMembershipEvent } from '../record-membership-event.ts';
import { getMyMembership, periodEndOf, providerNow, type MyMembershipKey } from './get-my-membership.ts';
import { SELF_SERVICE_MESSAGES as S } from './self-service-messages.ts';
import { toMyMemberships } from './to-my-memberships.ts';

type Deps = { db: Database; now: Date };
type Change = { type: 'cancel_scheduled'; reason: string | null } | { type: 'cancel_undone' };

/**
 * Cancel at period end, with the member's reason: access lasts until the trial or period ends and
 * nothing more is charged (the renewal ends it instead). Asking twice answers the same.
 */
export function cancelMyMembership(deps: Deps, input: MyMembershipKey & { reason?: string | undefined }): Promise<MyMembership> {
  return changeCancellation(deps, input, (membership) => {
    if (membership.status === 'ended') throw new AppError('failed-precondition', S.ended);
    return membership.cancelAtPeriodEnd ? null : { type: 'cancel_scheduled', reason: input.reason || null };
  });
}

/** Undoes the cancellation before the period ends; after it, the membership has ended. */
export function resumeMyMembership(deps: Deps, input: MyMembershipKey): Promise<MyMembership> {
  return changeCancellation(deps, input, (membership, clockNow) => {
    if (membership.status === 'ended') throw new AppError('failed-precondition', S.ended);
    if (!membership.cancelAtPeriodEnd) return null;
    if (clockNow >= periodEndOf(membership)) throw new AppError('failed-precondition', S.ended);
    return { type: 'cancel_undone' };
  });
}

/** The test provider's answer to the member's request is its event, recorded like any other (decision 041). */
async function changeCancellation(deps: Deps, input: MyMembershipKey, decide: (membership: MembershipRow, clockNow: Date) => Change | null): Promise<MyMembership> {
  return deps.db.transaction(async (tx: Transaction) => {
    let membership = await getMyMembership(tx, input, { lock: true });
    const clockNow = await providerNow(tx, membership, deps.now);
    const change = decide(membership, clockNow);
    if (change) {
      const event = {
        provider: membership.provider,
        eventId: `testevt_${membership.id}_${change.type}_${newId('req')}`,
        providerSubscriptionId: membership.providerSubscriptionId,
        createdAt: clockNow,
        ...change,
      } satisfies MembershipEvent;
      const recorded = await recordMembershipEvent(tx, event, deps.now);
      if (recorded.outcome !== 'applied' || !recorded.membership) throw new AppError('failed-precondition', S.ended);
      membership = recorded.membership;
    }
    const [view] = await toMyMemberships(tx, [membership], clockNow, deps.now);
    return view!;
  });
}
