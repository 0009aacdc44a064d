import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { membershipInvoices, type MembershipInvoiceRow, type MembershipRow } from '#src/db/schema/index.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import type { Env } from '#src/env.ts';
import { recordMembershipEvent } from '../record-membership-event.ts';
import { stripeCreatorRequests } from '../stripe/stripe-creator-requests.ts';

/**
 * What the creator asks of a member's provider (decision 041: the dashboard asks, the provider's
 * event changes the state). The test provider answers at once on the store's test clock; Stripe
 * is asked on the connected account and its webhook changes the state later.
 */
export interface CreatorMembershipProvider {
  cancel(tx: Executor, membership: MembershipRow, when: 'period_end' | 'now', now: Date): Promise<void>;
  refund(tx: Executor, membership: MembershipRow, invoice: MembershipInvoiceRow, now: Date): Promise<void>;
}

const testProvider: CreatorMembershipProvider = {
  async cancel(tx, membership, when, now) {
    const clockNow = new Date(now.getTime() + (await readTestClockOffsetMs(tx, membership.storeId)));
    const base = { provider: 'test' as const, providerSubscriptionId: membership.providerSubscriptionId, createdAt: clockNow };
    const eventId = `testevt_${membership.id}_creator_${when}_${clockNow.getTime()}`;
    await recordMembershipEvent(tx, when === 'now' ? { ...base, eventId, type: 'ended' } : { ...base, eventId, type: 'cancel_scheduled', reason: null }, now);
  },
  async refund(tx, membership, invoice, now) {
    const clockNow = new Date(now.getTime() + (await readTestClockOffsetMs(tx, membership.storeId)));
    await tx.update(membershipInvoices).set({ refundedAt: clockNow }).where(eq(membershipInvoices.id, invoice.id));
  },
};

export function creatorMembershipProvider(membership: Pick<MembershipRow, 'provider'>, env: Pick<Env, 'payments'>): CreatorMembershipProvider {
  return membership.provider === 'test' ? testProvider : stripeCreatorRequests(env);
}
