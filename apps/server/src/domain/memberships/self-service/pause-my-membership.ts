// Exports pauseMyMembership and unpauseMyMembership: the member's pause, on tiers whose creator allows it.
import { AppError, type MyMembership } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { membershipTiers } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import { scheduleTestMembershipCharge } from '../schedule-test-membership-charge.ts';
import type { MyMembershipKey } from './get-my-membership.ts';
import { recordMemberRequest } from './record-member-request.ts';
import { SELF_SERVICE_MESSAGES as S } from './self-service-messages.ts';

type Deps = { db: Database; now: Date; env?: Pick<Env, 'payments'> };

/**
 * Pauses now (decision 041): no charges and no access while paused. Only an active membership
 * that is not cancelled, before its period ends (a renewal due is charged first), on a tier the
 * creator made pausable. The paid time left is kept: resuming moves the period end by the pause.
 */
export function pauseMyMembership(deps: Deps, input: MyMembershipKey): Promise<MyMembership> {
  return recordMemberRequest(deps, input, async (membership, clockNow, tx) => {
    if (membership.status === 'ended') throw new AppError('failed-precondition', S.ended);
    if (membership.status === 'paused') return null;
    const [tier] = await tx.select({ pausable: membershipTiers.pausable }).from(membershipTiers).where(eq(membershipTiers.id, membership.tierId));
    if (!tier?.pausable) throw new AppError('failed-precondition', S.notPausable);
    if (membership.status !== 'active' || membership.cancelAtPeriodEnd || clockNow >= membership.currentPeriodEnd) throw new AppError('failed-precondition', S.pauseNotNow);
    return { type: 'paused' };
  });
}

/**
 * Ends the pause now: access is back at once, the period (start and end) moves on by the time
 * paused, and the next charge is queued at the new end on the store's test clock. The charge
 * queued for the old end finds the period moved and charges nothing.
 */
export function unpauseMyMembership(deps: Deps, input: MyMembershipKey): Promise<MyMembership> {
  return recordMemberRequest(
    deps,
    input,
    (membership, clockNow) => {
      if (membership.status === 'ended') throw new AppError('failed-precondition', S.ended);
      if (membership.status !== 'paused') return null;
      const pausedMs = Math.max(clockNow.getTime() - (membership.pausedAt ?? clockNow).getTime(), 0);
      const moved = (at: Date) => new Date(at.getTime() + pausedMs);
      return { type: 'resumed', periodStart: moved(membership.currentPeriodStart), periodEnd: moved(membership.currentPeriodEnd) };
    },
    async (tx, membership) => {
      const offsetMs = await readTestClockOffsetMs(tx, membership.storeId);
      const dueAt = membership.currentPeriodEnd;
      await scheduleTestMembershipCharge(tx, { membershipId: membership.id, dueAt: dueAt.toISOString(), attempt: 0 }, { storeId: membership.storeId, runAt: dueAt, offsetMs });
    },
  );
}
