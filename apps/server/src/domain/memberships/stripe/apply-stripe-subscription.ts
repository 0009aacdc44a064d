// Exports the handlers of a connected account's checkout and subscription events for memberships.
import { and, eq } from 'drizzle-orm';
import { membershipInvoices, memberships, membershipStripePrices, membershipStripeSubscriptions, type MembershipRow, type MembershipStripeSubscriptionRow } from '#src/db/schema/index.ts';
import { newId } from '#src/db/ids.ts';
import type { MembershipEventOutcome } from '../record-membership-event.ts';
import { tierPrice } from '../membership-rules.ts';
import type { SubscriptionSnapshot } from './read-stripe-objects.ts';
import { clearReflectedRequest } from './stripe-pending-request.ts';
import { subscriptionChanges } from './subscription-changes.ts';
import {
  checkoutFor,
  combined,
  completeCheckout,
  emitMembershipEvent,
  findLink,
  joiningCustomer,
  linkSubscription,
  membershipOf,
  type StripeEventContext,
} from './stripe-subscription-link.ts';

type Loose = Record<string, unknown>;
const obj = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});
const idOf = (value: unknown): string | null => (typeof value === 'string' && value ? value : typeof obj(value).id === 'string' ? (obj(value).id as string) : null);

/** A subscription-mode session was paid: the subscription is linked to the checkout's store and the checkout completed. */
export async function sessionCompleted(ctx: StripeEventContext, session: Loose): Promise<MembershipEventOutcome> {
  const subscriptionId = idOf(session.subscription);
  const stripeCustomerId = idOf(session.customer);
  if (!subscriptionId || !stripeCustomerId) return 'ignored';
  if ((await findLink(ctx, subscriptionId)) === 'foreign') return 'ignored';
  const checkoutId = (typeof session.client_reference_id === 'string' ? session.client_reference_id : null) ?? (obj(session.metadata).membershipCheckoutId as string | undefined);
  const context = await checkoutFor(ctx, checkoutId, idOf(session.id) ?? undefined);
  if (!context) return 'ignored';
  const link = await linkSubscription(ctx, context, subscriptionId, stripeCustomerId);
  if (!link) return 'ignored';
  const membership = await membershipOf(ctx, link);
  await completeCheckout(ctx, context.checkout.id, membership?.id ?? null);
  return 'applied';
}

/**
 * `customer.subscription.created` / `updated`: the newest snapshot of the subscription. The first
 * one makes the membership (from the checkout the subscription's metadata names); each compares
 * what it says with the membership and records the differences. A snapshot older than the newest
 * one applied (by Stripe's `created`, kept on the link) changes nothing.
 */
export async function subscriptionChanged(ctx: StripeEventContext, snapshot: SubscriptionSnapshot): Promise<MembershipEventOutcome> {
  const found = await findLink(ctx, snapshot.id);
  if (found === 'foreign') return 'ignored';
  const context = await checkoutFor(ctx, found?.membershipCheckoutId ?? snapshot.metadata.membershipCheckoutId);
  const link = found ?? (context && snapshot.customerId ? await linkSubscription(ctx, context, snapshot.id, snapshot.customerId) : null);
  if (!link) return 'ignored';
  if (link.lastEventAt && ctx.createdAt < link.lastEventAt) return 'stale';
  await ctx.tx
    .update(membershipStripeSubscriptions)
    .set({ itemId: snapshot.itemId ?? link.itemId, priceId: snapshot.priceId ?? link.priceId, lastEventAt: ctx.createdAt, updatedAt: ctx.now })
    .where(eq(membershipStripeSubscriptions.subscriptionId, link.subscriptionId));

  const outcomes: MembershipEventOutcome[] = [];
  let membership = await membershipOf(ctx, link);
  if (!membership) {
    if (!context || (snapshot.status !== 'trialing' && snapshot.status !== 'active')) return 'ignored';
    const created = await createMembership(ctx, link, context, snapshot);
    if (!created) return 'ignored';
    membership = created;
    outcomes.push('applied');
  }
  // The snapshot is the newest subscription state: its differences apply even when an invoice
  // event of a later second was applied first.
  for (const change of subscriptionChanges(membership, snapshot, await tierOfPrice(ctx, snapshot.priceId))) {
    const recorded = await emitMembershipEvent(ctx, link.subscriptionId, change, membership);
    outcomes.push(recorded.outcome);
    membership = recorded.membership ?? membership;
  }
  if (membership.nextPriceCents !== null && membership.nextPriceCents === membership.priceCents) {
    // The scheduled price move has reached the member: nothing is left to schedule.
    await ctx.tx.update(memberships).set({ nextPriceCents: null, nextPriceFrom: null }).where(eq(memberships.id, membership.id));
  }
  await clearReflectedRequest(ctx.tx, link, membership);
  return combined(outcomes);
}

async function createMembership(ctx: StripeEventContext, link: MembershipStripeSubscriptionRow, context: NonNullable<Awaited<ReturnType<typeof checkoutFor>>>, snapshot: SubscriptionSnapshot): Promise<MembershipRow | null> {
  const { checkout, tier } = context;
  const customer = await joiningCustomer(ctx, context, { confirm: false });
  const trialing = snapshot.status === 'trialing';
  const interval = snapshot.interval ?? checkout.interval;
  const priceCents = snapshot.priceCents ?? tierPrice(tier, interval) ?? 0;
  const setupFeeCents = Number(snapshot.metadata.setupFeeCents) || 0;
  const periodStart = snapshot.periodStart ?? ctx.createdAt;
  const periodEnd = snapshot.periodEnd ?? snapshot.trialEnd ?? periodStart;
  const recorded = await emitMembershipEvent(ctx, link.subscriptionId, {
    type: 'created',
    membership: {
      storeId: checkout.storeId,
      productId: tier.productId,
      tierId: tier.id,
      customerId: customer.id,
      status: trialing ? 'trialing' : 'active',
      interval,
      priceCents,
      currency: tier.currency,
      setupFeeCents,
      currentPeriodStart: periodStart,
      currentPeriodEnd: periodEnd,
      trialEnd: trialing ? (snapshot.trialEnd ?? periodEnd) : null,
    },
  });
  const membership = recorded.membership;
  if (!membership) return null;
  if (!trialing) {
    // The first charge, in case its `invoice.paid` came before the subscription (that one then adds nothing).
    await ctx.tx
      .insert(membershipInvoices)
      .values({ id: newId('min'), membershipId: membership.id, storeId: membership.storeId, amountCents: priceCents + setupFeeCents, currency: tier.currency, status: 'paid', periodStart, periodEnd, attempt: 0, providerInvoiceId: snapshot.latestInvoiceId ?? newId('stripein'), createdAt: ctx.createdAt })
      .onConflictDoNothing();
  }
  await completeCheckout(ctx, checkout.id, membership.id);
  return membership;
}

async function tierOfPrice(ctx: StripeEventContext, priceId: string | null): Promise<string | null> {
  if (!priceId) return null;
  const [row] = await ctx.tx
    .select({ tierId: membershipStripePrices.tierId })
    .from(membershipStripePrices)
    .where(and(eq(membershipStripePrices.accountId, ctx.account), eq(membershipStripePrices.stripePriceId, priceId)));
  return row?.tierId ?? null;
}

/** `customer.subscription.trial_will_end`: the trial-ending notice, while the membership is trialing. */
export async function trialWillEnd(ctx: StripeEventContext, snapshot: SubscriptionSnapshot): Promise<MembershipEventOutcome> {
  const link = await findLink(ctx, snapshot.id);
  if (!link || link === 'foreign') return 'ignored';
  const membership = await membershipOf(ctx, link);
  if (!membership) return 'ignored';
  return (await emitMembershipEvent(ctx, link.subscriptionId, { type: 'trial_will_end' }, membership)).outcome;
}
