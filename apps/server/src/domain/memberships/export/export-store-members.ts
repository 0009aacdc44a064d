import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { customers, memberships, membershipStripeSubscriptions, membershipTiers, products } from '#src/db/schema/index.ts';
import { periodEndOf } from '../self-service/get-my-membership.ts';

/**
 * One member in a store export: who, on which tier, in what state, paying what, and where the
 * subscription lives. For a Stripe member the subscription, customer and price are on the
 * creator's own connected account (`accountId`), so a creator who leaves keeps billing them there.
 */
export interface ExportedMember {
  membershipId: string;
  email: string;
  name: string;
  membership: { productId: string; title: string };
  tier: { id: string; name: string };
  status: string;
  cancelAtPeriodEnd: boolean;
  interval: 'monthly' | 'yearly';
  /** What the member pays per period, in minor units of `currency`: their own price, not the tier's. */
  priceCents: number;
  currency: string;
  since: string;
  /** The end of the current period (the trial's while trialing): the next renewal. */
  periodEnd: string;
  endedAt: string | null;
  provider: 'stripe' | 'test';
  subscriptionId: string;
  stripe: { accountId: string; customerId: string; priceId: string | null } | null;
}

/** Every member of the store's memberships, ended ones included, oldest first. */
export async function exportStoreMembers(db: Executor, storeId: string): Promise<ExportedMember[]> {
  const rows = await db
    .select({
      membership: memberships,
      email: customers.email,
      name: customers.name,
      title: products.title,
      tierName: membershipTiers.name,
      stripe: { accountId: membershipStripeSubscriptions.accountId, customerId: membershipStripeSubscriptions.stripeCustomerId, priceId: membershipStripeSubscriptions.priceId },
    })
    .from(memberships)
    .innerJoin(customers, eq(customers.id, memberships.customerId))
    .innerJoin(products, eq(products.id, memberships.productId))
    .innerJoin(membershipTiers, eq(membershipTiers.id, memberships.tierId))
    .leftJoin(
      membershipStripeSubscriptions,
      and(eq(membershipStripeSubscriptions.subscriptionId, memberships.providerSubscriptionId), eq(membershipStripeSubscriptions.storeId, memberships.storeId)),
    )
    .where(eq(memberships.storeId, storeId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
  return rows.map(({ membership: m, stripe, ...row }) => ({
    membershipId: m.id,
    email: row.email,
    name: row.name,
    membership: { productId: m.productId, title: row.title },
    tier: { id: m.tierId, name: row.tierName },
    status: m.status,
    cancelAtPeriodEnd: m.cancelAtPeriodEnd,
    interval: m.interval === 'year' ? 'yearly' : 'monthly',
    priceCents: m.priceCents,
    currency: m.currency,
    since: m.createdAt.toISOString(),
    periodEnd: periodEndOf(m).toISOString(),
    endedAt: m.endedAt?.toISOString() ?? null,
    provider: m.provider,
    subscriptionId: m.providerSubscriptionId,
    stripe: m.provider === 'stripe' && stripe?.accountId ? stripe : null,
  }));
}
