import { AppError, type MyMembership } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { periodEndOf, type MyMembershipKey } from './get-my-membership.ts';
import { recordMemberRequest } from './record-member-request.ts';
import { SELF_SERVICE_MESSAGES as S } from './self-service-messages.ts';

type Deps = { db: Database; now: Date; env?: Pick<Env, 'payments'> };

/**
 * Cancel at period end, with the member's reason: access lasts until the trial or period ends and
 * nothing more is charged (the renewal ends it instead). Asking twice answers the same.
 */
export function cancelMyMembership(deps: Deps, input: MyMembershipKey & { reason?: string | undefined }): Promise<MyMembership> {
  return recordMemberRequest(deps, input, (membership) => {
    if (membership.status === 'ended') throw new AppError('failed-precondition', S.ended);
    if (membership.status === 'paused') throw new AppError('failed-precondition', S.pausedCancel);
    return membership.cancelAtPeriodEnd ? null : { type: 'cancel_scheduled', reason: input.reason || null };
  });
}

/** Undoes the cancellation before the period ends; after it, the membership has ended. */
export function resumeMyMembership(deps: Deps, input: MyMembershipKey): Promise<MyMembership> {
  return recordMemberRequest(deps, input, (membership, clockNow) => {
    if (membership.status === 'ended') throw new AppError('failed-precondition', S.ended);
    if (!membership.cancelAtPeriodEnd) return null;
    if (clockNow >= periodEndOf(membership)) throw new AppError('failed-precondition', S.ended);
    return { type: 'cancel_undone' };
  });
}
