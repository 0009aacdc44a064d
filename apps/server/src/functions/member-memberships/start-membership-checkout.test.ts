import { CARD_MESSAGES, STORE_OFFLINE_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, jobs, membershipCheckouts, products, stores } from '#src/db/schema/index.ts';
import { addInterval } from '#src/domain/memberships/membership-rules.ts';
import { MEMBERSHIP_NOTICE_KIND } from '#src/domain/memberships/self-service/queue-membership-notices.ts';
import { errorOf } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { CARDS, invoicesOf, joinableTier, joinStore, membershipsOf, payMembership, startJoin } from './member-memberships-fixtures.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const DAY = 24 * 60 * 60_000;

describe('startMembershipCheckout and the test provider page: joining a tier', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t?.close());

  const checkoutOf = (response: { statusCode: number; body: string; json(): unknown }) => {
    if (response.statusCode !== 200) throw new Error(response.body);
    return (response.json() as { result: { checkoutId: string; checkoutUrl: string } }).result;
  };

  it('without a trial: the page shows the tier, a paying card makes an active member charged the first period and setup fee', async () => {
    const store = await joinStore(t, clock.now());
    const tier = await joinableTier(t, store.id, { setupFeeCents: 500 });
    const { checkoutId, checkoutUrl } = checkoutOf(await startJoin(t, { storeId: store.id, tierId: tier.id, email: 'mia@example.com', name: 'Mia Member' }));
    expect(checkoutUrl).toBe(`${TEST_PUBLIC_URL}/api/memberships/test-checkout/${checkoutId}`);
    expect(await t.db.select().from(customers).where(eq(customers.storeId, store.id))).toEqual([]);

    const page = await t.app.inject({ url: `/api/memberships/test-checkout/${checkoutId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST MODE');
    expect(page.body).toContain('Supporter, every month: $9.00 / month');
    expect(page.body).toContain('Setup fee, once: $5.00');
    expect(page.body).toContain('Pay $14.00 today');

    const paid = await payMembership(t, checkoutId, CARDS.pays);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain('/members');
    const [member] = await membershipsOf(t, store.id);
    expect(member).toMatchObject({ status: 'active', tierId: tier.id, interval: 'month', priceCents: 900, trialEnd: null, currentPeriodEnd: addInterval(clock.now(), 'month') });
    expect(await invoicesOf(t, member!.id)).toEqual([{ amountCents: 1400, status: 'paid', periodStart: clock.now(), attempt: 0 }]);
    const [customer] = await t.db.select().from(customers).where(eq(customers.storeId, store.id));
    expect(customer).toMatchObject({ id: member!.customerId, email: 'mia@example.com', name: 'Mia Member', marketingConsent: false });
    expect(await t.db.select().from(membershipCheckouts).where(eq(membershipCheckouts.id, checkoutId))).toMatchObject([{ status: 'completed', membershipId: member!.id }]);
    const notices = await t.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, MEMBERSHIP_NOTICE_KIND));
    expect(notices.filter((job) => (job.payload as { membershipId: string }).membershipId === member!.id).map((job) => (job.payload as { notice: string }).notice)).toEqual(['welcome']);
  });

  it('with a trial: the card is saved, the member is trialing until the trial ends and nothing is charged yet', async () => {
    const store = await joinStore(t, clock.now());
    const tier = await joinableTier(t, store.id, { trialDays: 7 });
    const { checkoutId } = checkoutOf(await startJoin(t, { storeId: store.id, tierId: tier.id, email: 'tess@example.com', interval: 'yearly' }));
    expect((await t.app.inject({ url: `/api/memberships/test-checkout/${checkoutId}` })).body).toContain('Free trial: 7 days');
    // The card that declines every later charge is still saved for a trial.
    expect((await payMembership(t, checkoutId, CARDS.declinesLater)).statusCode).toBe(303);
    const [member] = await membershipsOf(t, store.id);
    expect(member).toMatchObject({ status: 'trialing', interval: 'year', priceCents: 9000, trialEnd: new Date(clock.now().getTime() + 7 * DAY), testCard: 'declines' });
    expect(await invoicesOf(t, member!.id)).toEqual([]);
  });

  it('a card that cannot pay joins nothing, creates no customer, and says why on the page', async () => {
    const store = await joinStore(t, clock.now());
    const tier = await joinableTier(t, store.id);
    const { checkoutId } = checkoutOf(await startJoin(t, { storeId: store.id, tierId: tier.id, email: 'dee@example.com' }));
    for (const number of [CARDS.declined, CARDS.declinesLater]) {
      const refused = await payMembership(t, checkoutId, number);
      expect(refused.statusCode).toBe(402);
      expect(refused.body).toContain(CARD_MESSAGES.declined);
    }
    expect(await membershipsOf(t, store.id)).toEqual([]);
    expect(await t.db.select().from(customers).where(eq(customers.storeId, store.id))).toEqual([]);
    expect(await t.db.select().from(membershipCheckouts).where(eq(membershipCheckouts.id, checkoutId))).toMatchObject([{ status: 'open', membershipId: null }]);
    // The same checkout can still be paid with a card that pays.
    expect((await payMembership(t, checkoutId, CARDS.pays)).statusCode).toBe(303);
    expect(await membershipsOf(t, store.id)).toHaveLength(1);
  });

  it('one idempotency key is one checkout, and paying it twice is one membership; a member cannot join again', async () => {
    const store = await joinStore(t, clock.now());
    const tier = await joinableTier(t, store.id);
    const input = { storeId: store.id, tierId: tier.id, email: 'ida@example.com', idempotencyKey: 'join-key-0001' };
    const first = checkoutOf(await startJoin(t, input));
    expect(checkoutOf(await startJoin(t, input))).toEqual(first);
    expect((await payMembership(t, first.checkoutId, CARDS.pays)).statusCode).toBe(303);
    const again = await payMembership(t, first.checkoutId, CARDS.pays);
    expect(again.statusCode).toBe(303);
    expect(await membershipsOf(t, store.id)).toHaveLength(1);
    // The same key after paying answers the same (paid) checkout, still one membership.
    expect(checkoutOf(await startJoin(t, input))).toEqual(first);

    // Joining again is refused once a card is given, never by the public start (no member lookup by email).
    const rejoin = checkoutOf(await startJoin(t, { ...input, idempotencyKey: 'join-key-0002' }));
    const refused = await payMembership(t, rejoin.checkoutId, CARDS.pays);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('You are already a member');
    expect(await membershipsOf(t, store.id)).toHaveLength(1);
  });

  it('the member limit, both sides: the last place can be taken, then the tier is full (also for a checkout opened before)', async () => {
    const store = await joinStore(t, clock.now());
    const tier = await joinableTier(t, store.id, { memberLimit: 2 });
    const first = checkoutOf(await startJoin(t, { storeId: store.id, tierId: tier.id, email: 'one@example.com' }));
    expect((await payMembership(t, first.checkoutId, CARDS.pays)).statusCode).toBe(303);
    // One place left: two visitors may open a checkout, the first to pay takes it.
    const second = checkoutOf(await startJoin(t, { storeId: store.id, tierId: tier.id, email: 'two@example.com' }));
    const third = checkoutOf(await startJoin(t, { storeId: store.id, tierId: tier.id, email: 'three@example.com' }));
    expect((await payMembership(t, second.checkoutId, CARDS.pays)).statusCode).toBe(303);
    const late = await payMembership(t, third.checkoutId, CARDS.pays);
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('This tier is full');
    expect(await membershipsOf(t, store.id)).toHaveLength(2);

    const full = await startJoin(t, { storeId: store.id, tierId: tier.id, email: 'four@example.com' });
    expect(full.statusCode).toBe(400);
    expect(errorOf(full)).toMatchObject({ status: 'FAILED_PRECONDITION', message: 'This tier is full' });
  });

  it('refuses an archived tier, a draft product, a tier on a product that is not a membership and another store’s tier exactly like a missing one; an offline store and a missing price say so', async () => {
    const store = await joinStore(t, clock.now());
    const other = await joinStore(t, clock.now());
    const join = (tierId: string, interval: 'monthly' | 'yearly' = 'monthly') => startJoin(t, { storeId: store.id, tierId, email: 'vic@example.com', interval });
    const missing = await join('mtr_00000000000000000000');
    expect(missing.statusCode).toBe(404);
    const archived = await joinableTier(t, store.id, { archivedAt: clock.now() });
    const draft = await joinableTier(t, store.id);
    await t.db.update(products).set({ status: 'draft' }).where(eq(products.id, draft.productId));
    const foreign = await joinableTier(t, other.id);
    const download = await joinableTier(t, store.id);
    await t.db.update(products).set({ type: 'digital' }).where(eq(products.id, download.productId));
    for (const tierId of [archived.id, draft.id, foreign.id, download.id]) {
      const answer = await join(tierId);
      expect({ status: answer.statusCode, error: errorOf(answer) }).toEqual({ status: 404, error: errorOf(missing) });
    }

    const monthlyOnly = await joinableTier(t, store.id, { yearlyPriceCents: null });
    expect(errorOf(await join(monthlyOnly.id, 'yearly')).message).toBe('This tier has no yearly price');
    await t.db.update(stores).set({ offlineReason: 'plan-limit' }).where(eq(stores.id, store.id));
    expect(errorOf(await join(monthlyOnly.id)).message).toBe(STORE_OFFLINE_MESSAGES.error);
    expect(await membershipsOf(t, store.id)).toEqual([]);
  });

  it('a pay form from another site is refused, and unknown checkout ids are not found', async () => {
    const store = await joinStore(t, clock.now());
    const tier = await joinableTier(t, store.id);
    const { checkoutId } = checkoutOf(await startJoin(t, { storeId: store.id, tierId: tier.id, email: 'eve@example.com' }));
    expect((await payMembership(t, checkoutId, CARDS.pays, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/memberships/test-checkout/mck_00000000000000000000' })).statusCode).toBe(404);
    expect(await membershipsOf(t, store.id)).toEqual([]);
  });
});
