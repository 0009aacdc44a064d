import { AppError, COMMERCE_MESSAGES, type CardFormInput } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { membershipCheckouts } from '#src/db/schema/index.ts';
import type { TestAuthentication } from '#src/domain/checkout/classify-test-card.ts';
import { upsertCustomer } from '#src/domain/customers/upsert-customer.ts';
import { requestConsentConfirmation } from '#src/domain/email/consent/request-consent-confirmation.ts';
import type { Env } from '#src/env.ts';
import { startTestMembership, type TestMembershipStart } from '../start-test-membership.ts';
import { isShowable, loadMembershipCheckout } from './load-membership-checkout.ts';

export type MembershipPayment = { kind: 'joined'; membershipId: string } | Exclude<TestMembershipStart, { kind: 'started' }>;

/** A refusal unwinds the savepoint it is thrown in (the customer upsert with it). */
class Refused extends Error {
  constructor(readonly answer: Exclude<TestMembershipStart, { kind: 'started' }>) {
    super('card refused');
  }
}

/**
 * Paying a membership checkout on the test provider's page: under the checkout's lock, the store
 * customer is found or created (as fulfilment does for one-off sales: consent only ever turned
 * on, a withdrawn address asked to confirm) and startTestMembership joins them; the checkout is
 * then completed with its membership, so paying again answers the same membership. A card that
 * cannot pay writes nothing, not even the customer, and says why.
 */
export async function payMembershipCheckout(
  deps: { db: Database; env: Pick<Env, 'publicUrl' | 'appSecret' | 'dataDir'>; now: Date },
  input: { checkoutId: string; card: CardFormInput; authentication?: TestAuthentication | undefined },
): Promise<MembershipPayment> {
  const { env, now } = deps;
  return deps.db.transaction(async (tx) => {
    const context = await loadMembershipCheckout(tx, input.checkoutId, { lock: true });
    if (!context || context.checkout.provider !== 'test' || !isShowable(context.checkout, now)) throw new AppError('not-found', COMMERCE_MESSAGES.checkoutNotFound);
    const { checkout, store } = context;
    if (checkout.status === 'completed' && checkout.membershipId) return { kind: 'joined', membershipId: checkout.membershipId };
    try {
      return await tx.transaction(async (joining) => {
        const customer = await upsertCustomer(joining, { storeId: checkout.storeId, email: checkout.email, name: checkout.name, marketingConsent: checkout.marketingConsent, timeZone: checkout.timeZone, now });
        const started = await startTestMembership(
          { db: joining, now },
          { storeId: checkout.storeId, tierId: checkout.tierId, customerId: customer.id, interval: checkout.interval, card: input.card, ...(input.authentication ? { authentication: input.authentication } : {}) },
        );
        if (started.kind !== 'started') throw new Refused(started);
        if (checkout.marketingConsent && customer.marketingWithdrawnAt !== null) await requestConsentConfirmation(joining, env, { store, customer, now });
        await joining.update(membershipCheckouts).set({ status: 'completed', membershipId: started.membershipId, completedAt: now }).where(eq(membershipCheckouts.id, checkout.id));
        return { kind: 'joined' as const, membershipId: started.membershipId };
      });
    } catch (error) {
      if (error instanceof Refused) return error.answer;
      throw error;
    }
  });
}
