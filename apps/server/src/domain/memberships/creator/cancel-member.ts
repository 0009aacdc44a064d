import { AppError, MEMBERSHIP_MESSAGES as M, type Member } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { creatorMembershipProvider } from './creator-membership-provider.ts';
import { lockOwnedMember, memberView } from './owned-member.ts';

/**
 * cancelMember: at the period's end (access lasts until then; asking again changes nothing), or
 * now (access ends at once; the queued renewal finds it ended and charges nothing). Nothing is
 * refunded here. An ended membership cannot be cancelled again.
 */
export async function cancelMember(
  deps: { db: Database; now: Date; env: Pick<Env, 'payments'> },
  input: { userId: string; storeId: string; membershipId: string; when: 'period_end' | 'now' },
): Promise<Member> {
  return deps.db.transaction(async (tx) => {
    const membership = await lockOwnedMember(tx, input);
    if (membership.status === 'ended') throw new AppError('failed-precondition', M.memberEnded);
    // A paused membership has no period running that could end it: only "now" ends it.
    if (membership.status === 'paused' && input.when === 'period_end') throw new AppError('failed-precondition', M.pausedCancelNow);
    if (!(input.when === 'period_end' && membership.cancelAtPeriodEnd)) {
      await creatorMembershipProvider(membership, deps.env).cancel(tx, membership, input.when, deps.now);
    }
    return memberView(tx, membership.id);
  });
}
