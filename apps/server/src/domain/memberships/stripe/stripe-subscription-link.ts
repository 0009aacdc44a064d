// Exports the context of one Stripe membership event and the lookups that tie a subscription to its store.
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from '#src/db/executor.ts';
import { membershipCheckouts, memberships, membershipStripeSubscriptions, type CustomerRow, type MembershipRow, type MembershipStripeSubscriptionRow } from '#src/db/schema/index.ts';
import { upsertCustomer } from '#src/domain/customers/upsert-customer.ts';
import { requestConsentConfirmation } from '#src/domain/email/consent/request-consent-confirmation.ts';
import type { Env } from '#src/env.ts';
import type { MembershipEvent } from '../apply-membership-event.ts';
import { loadMembershipCheckout, type MembershipCheckoutWithContext } from '../join/load-membership-checkout.ts';
import { recordMembershipEvent, type MembershipEventOutcome } from '../record-membership-event.ts';

/** One verified connected-account event being applied, inside its transaction. */
export interface StripeEventContext {
  tx: Transaction;
  env: Pick<Env, 'publicUrl' | 'appSecret' | 'dataDir'>;
  now: Date;
  log: FastifyBaseLogger;
  /** The connected account the event came from (`event.account`). */
  account: string;
  eventId: string;
  /** Stripe's `created`: orders events. */
  createdAt: Date;
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
export type StripeMembershipChange = DistributiveOmit<MembershipEvent, 'provider' | 'eventId' | 'providerSubscriptionId' | 'createdAt'>;

/**
 * Records one membership event derived from the Stripe event. Its id is the Stripe event's id
 * and the change (one Stripe event can schedule a cancellation and change the tier at once), so
 * each is applied once. The callers have already judged the event's order (subscription
 * snapshots by the link's `lastEventAt`, invoices by the period they bill), so it is stamped no
 * earlier than the membership's newest event: an invoice of an earlier second that is still new
 * (a renewal delivered after a cancellation) is not mistaken for a stale one.
 */
export async function emitMembershipEvent(ctx: StripeEventContext, subscriptionId: string, change: StripeMembershipChange, membership?: Pick<MembershipRow, 'lastEventAt'> | null) {
  const createdAt = membership && membership.lastEventAt > ctx.createdAt ? membership.lastEventAt : ctx.createdAt;
  const event = { provider: 'stripe', eventId: `${ctx.eventId}:${change.type}`, providerSubscriptionId: subscriptionId, createdAt, ...change } as MembershipEvent;
  return recordMembershipEvent(ctx.tx, event, ctx.now);
}

/** The outcome of several derived events: applied if one was. */
export function combined(outcomes: MembershipEventOutcome[]): MembershipEventOutcome {
  for (const outcome of ['applied', 'stale', 'replay'] as const) if (outcomes.includes(outcome)) return outcome;
  return 'ignored';
}

/**
 * The subscription's link, locked. `foreign` when it lives on another account than the event's:
 * a store's events never touch another store's member, whatever ids they name.
 */
export async function findLink(ctx: StripeEventContext, subscriptionId: string): Promise<MembershipStripeSubscriptionRow | 'foreign' | null> {
  const [link] = await ctx.tx.select().from(membershipStripeSubscriptions).where(eq(membershipStripeSubscriptions.subscriptionId, subscriptionId)).for('update');
  if (!link) return null;
  return link.accountId === ctx.account ? link : 'foreign';
}

/**
 * The membership checkout a new subscription came from, if it is ours on this account: a Stripe
 * checkout, made for the event's connected account (and the session we made, when known).
 */
export async function checkoutFor(ctx: StripeEventContext, checkoutId: string | null | undefined, sessionId?: string): Promise<MembershipCheckoutWithContext | null> {
  if (!checkoutId) return null;
  const context = await loadMembershipCheckout(ctx.tx, checkoutId, { lock: true });
  const ours =
    context?.checkout.provider === 'stripe' &&
    context.checkout.providerAccountId === ctx.account &&
    (!sessionId || !context.checkout.providerSessionId || context.checkout.providerSessionId === sessionId);
  if (!ours) {
    ctx.log.warn({ eventId: ctx.eventId, checkoutId, account: ctx.account }, 'Stripe subscription does not match a membership checkout; ignored');
    return null;
  }
  return context;
}

/**
 * The store customer joining: found or created from the checkout's email as one-off fulfilment
 * does (consent only turned on; a withdrawn address is asked to confirm, once, when `confirm`).
 */
export async function joiningCustomer(ctx: StripeEventContext, context: MembershipCheckoutWithContext, options: { confirm: boolean }): Promise<CustomerRow> {
  const { checkout, store } = context;
  const customer = await upsertCustomer(ctx.tx, { storeId: checkout.storeId, email: checkout.email, name: checkout.name, marketingConsent: checkout.marketingConsent, timeZone: checkout.timeZone, now: ctx.now });
  if (options.confirm && checkout.marketingConsent && customer.marketingWithdrawnAt !== null) await requestConsentConfirmation(ctx.tx, ctx.env, { store, customer, now: ctx.now });
  return customer;
}

/** Links a new subscription to its store and checkout; answers the link (made now, or before). */
export async function linkSubscription(ctx: StripeEventContext, context: MembershipCheckoutWithContext, subscriptionId: string, stripeCustomerId: string) {
  const [made] = await ctx.tx
    .insert(membershipStripeSubscriptions)
    .values({ subscriptionId, accountId: ctx.account, storeId: context.checkout.storeId, membershipCheckoutId: context.checkout.id, stripeCustomerId, createdAt: ctx.now, updatedAt: ctx.now })
    .onConflictDoNothing()
    .returning();
  if (made) await joiningCustomer(ctx, context, { confirm: true });
  const link = made ?? (await findLink(ctx, subscriptionId));
  return link === 'foreign' ? null : link;
}

/** The Stripe membership of a subscription in the link's store, locked. */
export async function membershipOf(ctx: StripeEventContext, link: MembershipStripeSubscriptionRow): Promise<MembershipRow | null> {
  const [row] = await ctx.tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.provider, 'stripe'), eq(memberships.providerSubscriptionId, link.subscriptionId), eq(memberships.storeId, link.storeId)))
    .for('update');
  return row ?? null;
}

/** The checkout is done once Stripe says so; it names its membership once one exists. */
export async function completeCheckout(ctx: StripeEventContext, checkoutId: string | null, membershipId: string | null): Promise<void> {
  if (!checkoutId) return;
  await ctx.tx
    .update(membershipCheckouts)
    .set({ status: 'completed', completedAt: ctx.now, ...(membershipId ? { membershipId } : {}) })
    .where(and(eq(membershipCheckouts.id, checkoutId), membershipId ? isNull(membershipCheckouts.membershipId) : undefined));
}
