import { AppError, membersUrl } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { stores } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { getMyMembership, type MyMembershipKey } from '../self-service/get-my-membership.ts';
import { openStripePortal } from './stripe-member-requests.ts';

export const PORTAL_MESSAGES = Object.freeze({
  notStripe: 'This membership is not billed by Stripe: change its card with "Update card".',
});

/**
 * The member's own Stripe membership only (another customer's or store's answers like a missing
 * one): a customer portal session on the connected account, back to the members area's
 * Memberships page afterwards. The card change itself is Stripe's; nothing changes here.
 */
export async function openMembershipBillingPortal(deps: { db: Database; env: Env }, input: MyMembershipKey): Promise<{ url: string }> {
  const membership = await getMyMembership(deps.db, input);
  if (membership.provider !== 'stripe') throw new AppError('failed-precondition', PORTAL_MESSAGES.notStripe);
  const [store] = await deps.db.select().from(stores).where(eq(stores.id, membership.storeId));
  if (!store) throw new AppError('not-found');
  return openStripePortal(deps, membership, `${membersUrl(store, { origin: deps.env.publicUrl })}/memberships`);
}
