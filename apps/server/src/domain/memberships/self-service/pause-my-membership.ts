// Exports pauseMyMembership and unpauseMyMembership: the member's pause, on tiers whose creator allows it.
import { AppError, MEMBERSHIP_LIMITS, type MyMembership } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { membershipTiers, stores } from '#src/db/schema/index.ts';
import { addDays, isCalendarDay, localDayOf, localMidnight } from '#src/domain/analytics/queries/local-time.ts';
import type { Env } from '#src/env.ts';
import { scheduleTestMembershipCharge } from '../schedule-test-membership-charge.ts';
import type { MyMembershipKey } from './get-my-membership.ts';
import { queueTestMembershipResume } from './queue-test-membership-resume.ts';
import { recordMemberRequest } from './record-member-request.ts';
import { SELF_SERVICE_MESSAGES as S } from './self-service-messages.ts';

type Deps = { db: Database; now: Date; env?: Pick<Env, 'payments'> };

/**
 * Pauses now (decision 041): no charges and no access while paused. Only an active membership
 * that is not cancelled, before its period ends (a renewal due is charged first), on a tier the
 * creator made pausable; a free trial is refused (decision 050: nothing is charged yet, so there
 * is nothing to pause). The paid time left is kept: resuming moves the period end by the pause.
 * With `resumeOn` (a day in the store's zone, tomorrow to MEMBERSHIP_LIMITS.maxPauseDays ahead on
 * the store's clock) it resumes by itself at that day's start: a durable job on the test
 * provider's clock, `pause_collection.resumes_at` on Stripe. A tier with the creator's own
 * `max_pause_days` needs a resume date, at most that many days ahead.
 */
export function pauseMyMembership(deps: Deps, input: MyMembershipKey & { resumeOn?: string | undefined }): Promise<MyMembership> {
  return recordMemberRequest(
    deps,
    input,
    async (membership, clockNow, tx) => {
      if (membership.status === 'ended') throw new AppError('failed-precondition', S.ended);
      if (membership.status === 'paused') return null;
      const [tier] = await tx.select({ pausable: membershipTiers.pausable, maxPauseDays: membershipTiers.maxPauseDays }).from(membershipTiers).where(eq(membershipTiers.id, membership.tierId));
      if (!tier?.pausable) throw new AppError('failed-precondition', S.notPausable);
      if (membership.status === 'trialing') throw new AppError('failed-precondition', S.pauseInTrial);
      if (membership.status !== 'active' || membership.cancelAtPeriodEnd || clockNow >= membership.currentPeriodEnd) throw new AppError('failed-precondition', S.pauseNotNow);
      if (tier.maxPauseDays !== null && input.resumeOn === undefined) throw new AppError('invalid-argument', S.resumeWithinTierLimit(tier.maxPauseDays));
      const until = input.resumeOn === undefined ? null : await resumeAt(tx, membership.storeId, clockNow, input.resumeOn, tier.maxPauseDays);
      return { type: 'paused', until };
    },
    async (tx, membership) => {
      if (membership.pausedAt && membership.pausedUntil) await queueTestMembershipResume(tx, membership);
    },
  );
}

/** The start (in the store's zone) of the day the member picked, within the bounds (the tier's own, when it has one). */
async function resumeAt(db: Executor, storeId: string, clockNow: Date, day: string, tierMaxDays: number | null): Promise<Date> {
  if (!isCalendarDay(day)) throw new AppError('invalid-argument', S.resumeNotADay);
  const [store] = await db.select({ timeZone: stores.timeZone }).from(stores).where(eq(stores.id, storeId));
  const timeZone = store?.timeZone ?? 'UTC';
  const today = localDayOf(clockNow, timeZone);
  if (day < addDays(today, 1)) throw new AppError('invalid-argument', S.resumeTooSoon);
  if (tierMaxDays !== null && day > addDays(today, tierMaxDays)) throw new AppError('invalid-argument', S.resumeWithinTierLimit(tierMaxDays));
  if (day > addDays(today, MEMBERSHIP_LIMITS.maxPauseDays)) throw new AppError('invalid-argument', S.resumeTooLate);
  return localMidnight(day, timeZone);
}

/**
 * Ends the pause now: access is back at once, the period (start and end) moves on by the time
 * paused, and the next charge is queued at the new end on the store's test clock. The charge
 * queued for the old end finds the period moved and charges nothing.
 */
export function unpauseMyMembership(deps: Deps, input: MyMembershipKey, only?: { pausedAt: string }): Promise<MyMembership> {
  return recordMemberRequest(
    deps,
    input,
    (membership, clockNow) => {
      if (membership.status === 'ended') throw new AppError('failed-precondition', S.ended);
      if (membership.status !== 'paused') return null;
      // The dated pause's own job resumes only that pause, not a later one.
      if (only && membership.pausedAt?.toISOString() !== only.pausedAt) return null;
      const pausedMs = Math.max(clockNow.getTime() - (membership.pausedAt ?? clockNow).getTime(), 0);
      const moved = (at: Date) => new Date(at.getTime() + pausedMs);
      return { type: 'resumed', periodStart: moved(membership.currentPeriodStart), periodEnd: moved(membership.currentPeriodEnd) };
    },
    async (tx, membership) => {
      const dueAt = membership.currentPeriodEnd;
      await scheduleTestMembershipCharge(tx, { membershipId: membership.id, dueAt: dueAt.toISOString(), attempt: 0 }, { storeId: membership.storeId, runAt: dueAt });
    },
  );
}
