import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { membershipInvoices, memberships, type MembershipRow } from '#src/db/schema/index.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import type { MembershipEvent } from './apply-membership-event.ts';
import { addInterval, graceUntil, retryAt } from './membership-rules.ts';
import { recordMembershipEvent } from './record-membership-event.ts';
import { scheduleTestMembershipCharge, type TestMembershipCharge } from './schedule-test-membership-charge.ts';

export type TestChargeResult = 'paid' | 'failed' | 'ended' | 'already-charged' | 'not-due';

/**
 * One charge of a test membership, at trial or period end or as a retry, in one transaction under
 * the membership's lock. The invoice row (unique per membership, period and attempt) is the
 * charge: a job run twice, or by two runners, charges once. A charge that is no longer the
 * membership's next one (paid, ended, paused, moved) does nothing. Paid: the period moves and the
 * next renewal is queued. Failed: past_due, and the next retry is queued (RENEWAL_RETRY_DAYS);
 * after the last one the membership ends. Cancelled at period end: it ends instead of renewing.
 */
export async function chargeTestMembership(
  db: Database,
  charge: TestMembershipCharge,
  options: { now: Date; complete?: (tx: Executor) => Promise<void> },
): Promise<TestChargeResult> {
  return db.transaction(async (tx) => {
    const [membership] = await tx.select().from(memberships).where(eq(memberships.id, charge.membershipId)).for('update');
    const dueAt = new Date(charge.dueAt);
    const result = membership && isNextCharge(membership, dueAt, charge.attempt) ? await charged(tx, membership, dueAt, charge.attempt, options.now) : 'not-due';
    await options.complete?.(tx);
    return result;
  });
}

function isNextCharge(membership: MembershipRow, dueAt: Date, attempt: number): boolean {
  if (membership.provider !== 'test' || membership.currentPeriodEnd.getTime() !== dueAt.getTime()) return false;
  if (attempt === 0) return membership.status === 'trialing' || membership.status === 'active';
  return membership.status === 'past_due' && membership.failedAttempts === attempt;
}

async function charged(tx: Executor, membership: MembershipRow, dueAt: Date, attempt: number, now: Date): Promise<TestChargeResult> {
  const offsetMs = await readTestClockOffsetMs(tx, membership.storeId);
  const clockNow = new Date(now.getTime() + offsetMs);
  const base = {
    provider: 'test' as const,
    // One id per charge: emitting the outcome of the same charge again is a replay.
    eventId: `testevt_${membership.id}_${dueAt.getTime()}_${attempt}`,
    providerSubscriptionId: membership.providerSubscriptionId,
    // `now` was read before this charge waited for the membership's lock: an event applied
    // meanwhile (the trial-ending notice, due at the same moment once the test clock jumps past
    // both) may be stamped later. The charge comes after it, so it is stamped no earlier, or its
    // outcome would be stale after the money was taken.
    createdAt: clockNow < membership.lastEventAt ? membership.lastEventAt : clockNow,
  };
  const emit = (event: DistributiveOmit<MembershipEvent, keyof typeof base>) => recordMembershipEvent(tx, { ...base, ...event } as MembershipEvent, now);
  if (membership.cancelAtPeriodEnd) {
    await emit({ type: 'ended' });
    return 'ended';
  }

  // Its own event id (not the charge's): the charge's outcome is still to be recorded.
  const priceCents = await applyDuePriceMove(tx, membership, dueAt, (event) =>
    recordMembershipEvent(tx, { ...base, eventId: `testevt_${membership.id}_${dueAt.getTime()}_price`, ...event }, now),
  );
  const periodEnd = addInterval(dueAt, membership.interval);
  const [firstPaid] = await tx
    .select({ id: membershipInvoices.id })
    .from(membershipInvoices)
    .where(and(eq(membershipInvoices.membershipId, membership.id), eq(membershipInvoices.status, 'paid')))
    .limit(1);
  const pays = membership.testCard === 'pays';
  const inserted = await tx
    .insert(membershipInvoices)
    .values({
      id: newId('min'),
      membershipId: membership.id,
      storeId: membership.storeId,
      amountCents: priceCents + (firstPaid ? 0 : membership.setupFeeCents),
      currency: membership.currency,
      status: pays ? 'paid' : 'failed',
      periodStart: dueAt,
      periodEnd,
      attempt,
      providerInvoiceId: newId('testin'),
      createdAt: clockNow,
    })
    .onConflictDoNothing()
    .returning({ id: membershipInvoices.id });
  if (inserted.length === 0) return 'already-charged';

  if (pays) {
    await emit({ type: attempt === 0 ? 'renewed' : 'recovered', periodStart: dueAt, periodEnd });
    const next = { membershipId: membership.id, dueAt: periodEnd.toISOString(), attempt: 0 };
    await scheduleTestMembershipCharge(tx, next, { storeId: membership.storeId, runAt: periodEnd });
    return 'paid';
  }
  const retry = retryAt(dueAt, attempt + 1);
  if (!retry) {
    await emit({ type: 'ended' });
    return 'failed';
  }
  await emit({ type: 'payment_failed', attempt: attempt + 1, graceUntil: graceUntil(dueAt) });
  const next = { membershipId: membership.id, dueAt: dueAt.toISOString(), attempt: attempt + 1 };
  await scheduleTestMembershipCharge(tx, next, { storeId: membership.storeId, runAt: retry });
  return 'failed';
}

/**
 * A scheduled price move whose notice ended by this charge's due date takes effect now, before the
 * charge: the `price_changed` event (one per membership and due date) sets the price this period
 * and the next ones charge, and the schedule is cleared. Answers the price to charge.
 */
async function applyDuePriceMove(tx: Executor, membership: MembershipRow, dueAt: Date, emit: (event: { type: 'price_changed'; priceCents: number }) => Promise<unknown>): Promise<number> {
  if (membership.nextPriceCents === null || !membership.nextPriceFrom || membership.nextPriceFrom > dueAt) return membership.priceCents;
  await emit({ type: 'price_changed', priceCents: membership.nextPriceCents });
  await tx.update(memberships).set({ nextPriceCents: null, nextPriceFrom: null }).where(eq(memberships.id, membership.id));
  return membership.nextPriceCents;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
