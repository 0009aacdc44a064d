import { AppError } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { memberships, type MembershipRow } from '#src/db/schema/index.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import { MEMBERSHIP_MESSAGES as M } from '../membership-messages.ts';
import { SELF_SERVICE_MESSAGES as S } from './self-service-messages.ts';

export interface MyMembershipKey {
  storeId: string;
  customerId: string;
  membershipId: string;
}

/**
 * The signed-in customer's membership at this store (locked with `lock`); another customer's or
 * another store's answers exactly like one that does not exist.
 */
export async function getMyMembership(db: Executor, key: MyMembershipKey, options: { lock?: boolean } = {}): Promise<MembershipRow> {
  const query = db
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, key.membershipId), eq(memberships.storeId, key.storeId), eq(memberships.customerId, key.customerId)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not-found', M.membershipNotFound);
  return row;
}

/**
 * "Now" for a membership: the store's test clock for a test one, real time for Stripe's. The
 * members area asks the provider and the provider's event changes the state (decision 041).
 */
export async function providerNow(db: Executor, membership: MembershipRow, now: Date): Promise<Date> {
  if (membership.provider === 'stripe') return now;
  if (membership.provider !== 'test') throw new AppError('unavailable', S.notAvailableYet);
  return new Date(now.getTime() + (await readTestClockOffsetMs(db, membership.storeId)));
}

/** When the current paid (or trial) time ends: what cancelling keeps, and what resuming must beat. */
export const periodEndOf = (membership: Pick<MembershipRow, 'status' | 'trialEnd' | 'currentPeriodEnd'>): Date =>
  membership.status === 'trialing' ? (membership.trialEnd ?? membership.currentPeriodEnd) : membership.currentPeriodEnd;
