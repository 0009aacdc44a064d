// Exports toMember and nextCharge: a member row as the creator's members list shows it.
import type { Member } from '@shopfront/core';
import type { MembershipRow } from '#src/db/schema/index.ts';
import { retryAt } from '../membership-rules.ts';
import { periodEndOf } from '../self-service/get-my-membership.ts';

export interface MemberRow {
  membership: MembershipRow;
  customer: { id: string; email: string; name: string };
  tier: { id: string; name: string };
  lifetimeValueCents: number;
  /** Whether a charge was ever paid: the setup fee rides on the first one. */
  everPaid: boolean;
  /** The newest paid period charge, as PostgreSQL's JSON gives it (times without a `Z`). */
  lastCharge: { at: string; amountCents: number; refunded: boolean } | null;
}

/**
 * The next charge as the provider will make it: the renewal at the period's (or trial's) end, or
 * after a failed renewal the next retry (RENEWAL_RETRY_DAYS); none when the membership is paused,
 * ended, ending at the period's end, or out of retries.
 */
export function nextCharge(row: Pick<MemberRow, 'membership' | 'everPaid'>): Member['nextCharge'] {
  const { membership } = row;
  if (membership.cancelAtPeriodEnd) return null;
  const amountCents = membership.priceCents + (row.everPaid ? 0 : membership.setupFeeCents);
  if (membership.status === 'trialing' || membership.status === 'active') return { at: membership.currentPeriodEnd.toISOString(), amountCents };
  if (membership.status !== 'past_due') return null;
  const retry = retryAt(membership.currentPeriodEnd, membership.failedAttempts);
  return retry ? { at: retry.toISOString(), amountCents } : null;
}

export function toMember(row: MemberRow): Member {
  const { membership } = row;
  return {
    id: membership.id,
    customer: row.customer,
    tier: row.tier,
    status: membership.status,
    cancelAtPeriodEnd: membership.cancelAtPeriodEnd,
    interval: membership.interval === 'year' ? 'yearly' : 'monthly',
    priceCents: membership.priceCents,
    currency: membership.currency,
    since: membership.createdAt.toISOString(),
    periodEnd: periodEndOf(membership).toISOString(),
    pausedAt: membership.pausedAt?.toISOString() ?? null,
    lastCharge: row.lastCharge ? { at: new Date(row.lastCharge.at).toISOString(), amountCents: Number(row.lastCharge.amountCents), refunded: row.lastCharge.refunded } : null,
    lifetimeValueCents: row.lifetimeValueCents,
    nextCharge: nextCharge(row),
    endedAt: membership.endedAt?.toISOString() ?? null,
    provider: membership.provider,
    subscriptionId: membership.providerSubscriptionId,
  };
}
