// Exports the Stripe membership test helpers: a store on a connected account, joining through the stand-in, signed deliveries.
import { and, asc, eq, sql } from 'drizzle-orm';
import { newId } from '#src/db/ids.ts';
import { customers, jobs, membershipCheckouts, memberships, membershipTiers, paymentAccounts, products, type MembershipTierRow } from '#src/db/schema/index.ts';
import { createCustomerSession } from '#src/domain/members/customer-session.ts';
import { findMemberStore } from '#src/domain/members/member-store.ts';
import { MEMBERSHIP_NOTICE_KIND } from '../self-service/queue-membership-notices.ts';
import { callFunction, WEB_APP } from '#src/testing/call-function.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedTier } from '#src/testing/memberships.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { connectedSubscriptionEvent } from '#src/testing/stripe-connected-events.ts';
import type { StripeStandIn } from '#src/testing/stripe-stand-in.ts';
import { deliver, type stripeSuite } from '#src/testing/stripe-webhooks.ts';
import type { TestApp } from '#src/testing/test-app.ts';

// The suite and signed deliveries live in testing/ (payment plans use them too); re-exported for these tests.
export { deliver, stripeSuite } from '#src/testing/stripe-webhooks.ts';

let counter = 0;
export const DAY_S = 86_400;

/**
 * A customer of a new store on `account` who joined its tier on Stripe at `t0` (the `created`
 * webhook applied), signed in to the members area; `updated` delivers Stripe's
 * `customer.subscription.updated` with the subscription as the stand-in has it now, a minute after the last.
 */
export async function joinedStripeMember(s: ReturnType<typeof stripeSuite>, account: string, tier: Partial<MembershipTierRow>, t0: number) {
  const store = await stripeStore(s.t, account, { monthlyPriceCents: 900, ...tier });
  const joined = await joinOnStripe(s.t, s.standIn, store.tier, t0);
  const sub = joined.subscription.id;
  const outcome = await deliver(s.t, connectedSubscriptionEvent({ type: 'customer.subscription.created', account, created: t0, subscription: joined.subscription }));
  if (outcome !== 'applied') throw new Error(`created: ${outcome}`);
  const membership = (await membershipOfSubscription(s.t, sub))!;
  const call = await memberCaller(s.t, store.storeId, membership.customerId);
  const key = { storeId: store.storeId, membershipId: membership.id };
  let clock = t0;
  const updated = () => deliver(s.t, connectedSubscriptionEvent({ type: 'customer.subscription.updated', account, created: (clock += 60), subscription: s.standIn.subscription(sub) }));
  return { ...store, joined, sub, membership, call, key, updated };
}

/** A store whose creator connected the Stripe account `account`, with a joinable tier. */
export async function stripeStore(t: TestApp, account: string, tier: Partial<MembershipTierRow> = {}) {
  const creator = await signedInCreator(t);
  const store = await createStoreAs(t, creator, `stripe-club-${++counter}-${Date.now().toString(36)}`);
  await t.db.insert(paymentAccounts).values({ storeId: store.id, provider: 'stripe', accountId: account });
  const seeded = await seedTier(t, store.id, tier);
  await t.db.update(products).set({ status: 'published' }).where(eq(products.id, seeded.productId));
  return { creator, storeId: store.id, account, tier: seeded };
}

/** Another tier of the same membership product. */
export async function siblingTier(t: TestApp, tier: MembershipTierRow, overrides: Partial<MembershipTierRow> = {}): Promise<MembershipTierRow> {
  const [row] = await t.db
    .insert(membershipTiers)
    .values({ id: newId('mtr'), storeId: tier.storeId, productId: tier.productId, name: 'Patron', monthlyPriceCents: 2000, yearlyPriceCents: 20000, currency: 'USD', position: 1, ...overrides })
    .returning();
  return row!;
}

/** A members-area caller for a store customer (their account and sign-in are tested in functions/members/). */
export async function memberCaller(t: TestApp, storeId: string, customerId: string) {
  await t.db.update(customers).set({ passwordHash: 'test-account' }).where(eq(customers.id, customerId));
  const realm = await findMemberStore(t.db, storeId);
  if (!realm) throw new Error('store has no members realm');
  const session = await createCustomerSession(t.db, { tenantId: realm.tenantId, customerId, userAgent: null, ip: '203.0.113.1', now: new Date() });
  const headers = { ...WEB_APP.headers, cookie: `sfc_${storeId}=${session.token}` };
  return (name: string, data: unknown) => callFunction(t.app, name, data, { headers });
}

/** A visitor starts joining `tier` (startMembershipCheckout) and pays Stripe's page at `at` (seconds). */
export async function joinOnStripe(t: TestApp, standIn: StripeStandIn, tier: MembershipTierRow, at: number, options: { email?: string; interval?: 'monthly' | 'yearly' } = {}) {
  const email = options.email ?? `stripe-member-${++counter}@example.com`;
  const started = await callFunction(
    t.app,
    'startMembershipCheckout',
    { storeId: tier.storeId, tierId: tier.id, email, name: 'Mia Member', interval: options.interval ?? 'monthly', idempotencyKey: `stripe-join-${++counter}` },
    { as: WEB_APP, remoteAddress: `198.51.100.${counter % 250}` },
  );
  if (started.statusCode !== 200) throw new Error(`join refused: ${started.body}`);
  const { checkoutId, checkoutUrl } = started.json().result as { checkoutId: string; checkoutUrl: string };
  const session = [...standIn.connected.sessions.values()].find((candidate) => candidate.body.client_reference_id === checkoutId);
  if (!session) throw new Error('no stand-in session for the checkout');
  const paid = standIn.completeSubscriptionSession(session.id, at);
  return { checkoutId, checkoutUrl, email, sessionRequest: session, ...paid };
}

export async function membershipOfSubscription(t: TestApp, subscriptionId: string) {
  const [row] = await t.db.select().from(memberships).where(eq(memberships.providerSubscriptionId, subscriptionId));
  return row ?? null;
}

export async function checkoutRow(t: TestApp, checkoutId: string) {
  const [row] = await t.db.select().from(membershipCheckouts).where(eq(membershipCheckouts.id, checkoutId));
  return row!;
}

/** The notices queued for a membership, in order (one per applied event: a replay adds none). */
export async function noticesOf(t: TestApp, membershipId: string): Promise<string[]> {
  const rows = await t.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, MEMBERSHIP_NOTICE_KIND), sql`${jobs.payload} ->> 'membershipId' = ${membershipId}`))
    .orderBy(asc(jobs.createdAt), asc(jobs.id));
  return rows.map((row) => (row.payload as { notice: string }).notice);
}
