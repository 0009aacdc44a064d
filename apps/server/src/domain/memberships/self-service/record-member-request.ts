// Exports recordMemberRequest: a members-area request answered by the test provider's event, under the membership's lock.
import { AppError, type MyMembership } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import type { Transaction } from '#src/db/executor.ts';
import type { MembershipRow } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import type { MembershipEvent } from '../apply-membership-event.ts';
import { recordMembershipEvent } from '../record-membership-event.ts';
import { askStripe } from '../stripe/stripe-member-requests.ts';
import { getMyMembership, providerNow, type MyMembershipKey } from './get-my-membership.ts';
import { SELF_SERVICE_MESSAGES as S } from './self-service-messages.ts';
import { toMyMemberships } from './to-my-memberships.ts';

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type MemberRequestChange = DistributiveOmit<MembershipEvent, 'provider' | 'eventId' | 'providerSubscriptionId' | 'createdAt'>;

/**
 * The members area asks the provider and the provider's event changes the state (decision 041);
 * the test provider answers at once on the store's test clock; a Stripe membership's request goes
 * to its subscription and the state changes when the webhook arrives. `decide` answers the change, or
 * null when the membership already is as asked (asking twice answers the same, with no second
 * event and so no second email). `after` runs in the same transaction with the changed row.
 */
export async function recordMemberRequest(
  deps: { db: Database; now: Date; env?: Pick<Env, 'payments'> | undefined },
  input: MyMembershipKey,
  decide: (membership: MembershipRow, clockNow: Date, tx: Transaction) => MemberRequestChange | null | Promise<MemberRequestChange | null>,
  after?: (tx: Transaction, membership: MembershipRow, clockNow: Date) => Promise<void>,
): Promise<MyMembership> {
  return deps.db.transaction(async (tx: Transaction) => {
    let membership = await getMyMembership(tx, input, { lock: true });
    const clockNow = await providerNow(tx, membership, deps.now);
    const change = await decide(membership, clockNow, tx);
    if (change && membership.provider === 'stripe') {
      await askStripe({ db: tx, env: deps.env, now: deps.now }, membership, change);
    } else if (change) {
      const event = {
        provider: membership.provider,
        eventId: `testevt_${membership.id}_${change.type}_${newId('req')}`,
        providerSubscriptionId: membership.providerSubscriptionId,
        createdAt: clockNow,
        ...change,
      } as MembershipEvent;
      const recorded = await recordMembershipEvent(tx, event, deps.now);
      if (recorded.outcome !== 'applied' || !recorded.membership) throw new AppError('failed-precondition', S.ended);
      membership = recorded.membership;
      await after?.(tx, membership, clockNow);
    }
    const [view] = await toMyMemberships(tx, [membership], clockNow, deps.now);
    return view!;
  });
}
