import { AppError, type CardFormInput } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import type { TestAuthentication } from '#src/domain/checkout/classify-test-card.ts';
import { replaceTestMembershipCard, type TestCardReplacement } from '../replace-test-membership-card.ts';
import { STRIPE_MEMBER_MESSAGES } from '../stripe/stripe-member-requests.ts';
import { getMyMembership, providerNow, type MyMembershipKey } from './get-my-membership.ts';

/**
 * The member's "change card": their own membership only (another customer's answers like a
 * missing one), then the test provider's card change. A Stripe membership's card is changed in
 * Stripe's customer portal on the connected account (openMembershipBillingPortal), so it is refused here.
 */
export async function replaceMyMembershipCard(
  deps: { db: Database; now: Date },
  input: MyMembershipKey & { card: CardFormInput; authentication?: TestAuthentication | undefined },
): Promise<TestCardReplacement> {
  const membership = await getMyMembership(deps.db, input);
  if (membership.provider === 'stripe') throw new AppError('failed-precondition', STRIPE_MEMBER_MESSAGES.cardOnStripe);
  await providerNow(deps.db, membership, deps.now);
  return replaceTestMembershipCard(deps, {
    storeId: input.storeId,
    membershipId: membership.id,
    card: input.card,
    ...(input.authentication ? { authentication: input.authentication } : {}),
  });
}
