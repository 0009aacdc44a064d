import { asc, eq } from 'drizzle-orm';
import { newId } from '#src/db/ids.ts';
import { customers, membershipInvoices, memberships, membershipTiers, products, type MembershipTierRow } from '#src/db/schema/index.ts';
import { createCustomerSession } from '#src/domain/members/customer-session.ts';
import { findMemberStore } from '#src/domain/members/member-store.ts';
import { createRenewTestMembershipJob } from '#src/domain/memberships/renew-test-membership-job.ts';
import { RENEW_TEST_MEMBERSHIP_KIND } from '#src/domain/memberships/schedule-test-membership-charge.ts';
import { advanceTestClock } from '#src/domain/test-clock/advance-test-clock.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { callFunction, WEB_APP } from '#src/testing/call-function.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';

let counter = 0;

/** A store made by a creator signed in on the test's clock. */
export async function joinStore(t: TestApp, now: Date) {
  return createStoreAs(t, await signedInCreator(t, { now }), `club-${++counter}-${Date.now().toString(36)}`);
}

/** Stripe's test cards as the test provider takes them (docs/memberships.md). */
export const CARDS = { pays: '4242424242424242', declinesLater: '4000000000000341', declined: '4000000000000002' } as const;
export const card = (cardNumber: string) => ({ cardNumber, expiry: '12/40', cvc: '123', cardName: 'Mia Member' });

/** A tier members can join, on a published membership product of its own, written straight to the database. */
export async function joinableTier(t: TestApp, storeId: string, overrides: Partial<MembershipTierRow> = {}): Promise<MembershipTierRow> {
  const productId = newId('prd');
  await t.db.insert(products).values({
    id: productId,
    storeId,
    slug: `club-${++counter}-${productId.slice(-6)}`,
    type: 'membership',
    title: `Club ${counter}`,
    priceMode: 'fixed',
    currency: 'USD',
    ctaLabel: 'Join',
    status: 'published',
  });
  const [tier] = await t.db
    .insert(membershipTiers)
    .values({ id: newId('mtr'), storeId, productId, name: 'Supporter', monthlyPriceCents: 900, yearlyPriceCents: 9000, currency: 'USD', position: 0, ...overrides })
    .returning();
  return tier!;
}

export async function membershipRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(memberships).where(eq(memberships.id, id));
  if (!row) throw new Error(`no membership ${id}`);
  return row;
}

export function invoicesOf(t: TestApp, membershipId: string) {
  return t.db
    .select({ amountCents: membershipInvoices.amountCents, status: membershipInvoices.status, periodStart: membershipInvoices.periodStart, attempt: membershipInvoices.attempt })
    .from(membershipInvoices)
    .where(eq(membershipInvoices.membershipId, membershipId))
    .orderBy(asc(membershipInvoices.periodStart), asc(membershipInvoices.attempt));
}

/** Moves a store's test clock forward to `target` (whole seconds) and runs the renewals that fell due. */
export function testClock(t: TestApp, now: () => Date) {
  const runner = createJobRunner({ db: t.db, handlers: [createRenewTestMembershipJob({ db: t.db })], log: silentLog, now, kinds: { only: [RENEW_TEST_MEMBERSHIP_KIND] } });
  return {
    async moveTo(storeId: string, target: Date, options: { run?: boolean } = {}) {
      const clockNow = now().getTime() + (await readTestClockOffsetMs(t.db, storeId));
      const seconds = Math.round((target.getTime() - clockNow) / 1000);
      if (seconds > 0) await advanceTestClock(t.db, { storeId, seconds, now: now() });
      return options.run === false ? 0 : runner.runDue();
    },
  };
}

/** Another tier of the same membership product. */
export async function siblingTier(t: TestApp, tier: MembershipTierRow, overrides: Partial<MembershipTierRow> = {}): Promise<MembershipTierRow> {
  const [row] = await t.db
    .insert(membershipTiers)
    .values({ id: newId('mtr'), storeId: tier.storeId, productId: tier.productId, name: 'Patron', monthlyPriceCents: 2000, yearlyPriceCents: 20000, currency: 'USD', position: 1, ...overrides })
    .returning();
  return row!;
}

/** startMembershipCheckout from its own address each time (the checkout throttle counts per address). */
export function startJoin(t: TestApp, input: { storeId: string; tierId: string; email: string; interval?: 'monthly' | 'yearly'; idempotencyKey?: string; name?: string }) {
  const { interval = 'monthly', idempotencyKey = `join-${++counter}-${Date.now()}`, name = 'Mia Member', ...rest } = input;
  return callFunction(t.app, 'startMembershipCheckout', { ...rest, interval, idempotencyKey, name }, { as: WEB_APP, remoteAddress: `203.0.113.${++counter % 250}` });
}

/** The test provider's pay form, posted from our own page. */
export function payMembership(t: TestApp, checkoutId: string, cardNumber: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api/memberships/test-checkout/${checkoutId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_PUBLIC_URL, ...headers },
    payload: new URLSearchParams({ cardNumber, expiry: '12/40', cvc: '123', cardName: 'Mia Member' }).toString(),
  });
}

export function membershipsOf(t: TestApp, storeId: string) {
  return t.db.select().from(memberships).where(eq(memberships.storeId, storeId));
}

/** A members-area session cookie for a store customer (the account and sign-in are tested in functions/members/). */
export async function memberHeaders(t: TestApp, storeId: string, customerId: string, now: Date): Promise<Record<string, string>> {
  await t.db.update(customers).set({ passwordHash: 'test-account' }).where(eq(customers.id, customerId));
  const realm = await findMemberStore(t.db, storeId);
  if (!realm) throw new Error('store has no members realm');
  const session = await createCustomerSession(t.db, { tenantId: realm.tenantId, customerId, userAgent: null, ip: '203.0.113.1', now });
  return { ...WEB_APP.headers, cookie: `sfc_${storeId}=${session.token}` };
}

/** A members-area callable as that member. */
export const asMember = (t: TestApp, headers: Record<string, string>) => (name: string, data: unknown) => callFunction(t.app, name, data, { headers });

/**
 * A visitor joins a new tier (on its own membership product) through the front door and gets a
 * members-area caller, and the store's signed-in creator (`owner`); `storeId` joins a store
 * already made (no `owner` then).
 */
export async function joinAsMember(t: TestApp, now: () => Date, options: { tier?: Partial<MembershipTierRow>; cardNumber?: string; storeId?: string; email?: string } = {}) {
  const owner = options.storeId ? null : await signedInCreator(t, { now: now() });
  const storeId = options.storeId ?? (await createStoreAs(t, owner!, `club-${++counter}-${Date.now().toString(36)}`)).id;
  const tier = await joinableTier(t, storeId, options.tier);
  const email = options.email ?? `member-${++counter}-${Date.now().toString(36)}@example.com`;
  const started = await startJoin(t, { storeId, tierId: tier.id, email });
  const paid = await payMembership(t, started.json().result.checkoutId, options.cardNumber ?? CARDS.pays);
  if (paid.statusCode !== 303) throw new Error(`join not paid: ${paid.statusCode} ${paid.body}`);
  const membership = (await membershipsOf(t, storeId)).find((row) => row.tierId === tier.id)!;
  const call = asMember(t, await memberHeaders(t, storeId, membership.customerId, now()));
  return { storeId, owner, tier, membership, call, email, customerId: membership.customerId };
}

/** The answer of a members-area call, or a thrown error saying what came back instead. */
export async function resultOf<T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const reply = await response;
  if (reply.statusCode !== 200) throw new Error(`${reply.statusCode} ${reply.body}`);
  return (reply.json() as { result: T }).result;
}
