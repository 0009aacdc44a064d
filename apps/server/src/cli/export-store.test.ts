import { MESSAGES } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { memberships, membershipStripeSubscriptions, stores } from '#src/db/schema/index.ts';
import type { MembershipTier, Product } from '@shopfront/core';
import { startTestMembership } from '#src/domain/memberships/start-test-membership.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { card, CARDS } from '#src/testing/memberships.ts';
import { seedCustomer } from '#src/testing/orders.ts';
import { createProductAs } from '#src/testing/products.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { eq } from 'drizzle-orm';
import type { StoreExport } from '../domain/admin/export-store.ts';
import { runAdminCli } from './cli-fixtures.ts';

const clock = manualClock(new Date('2030-04-01T09:00:00Z'));

interface Shop {
  owner: TestCreator;
  storeId: string;
}

/** `npm run admin -- export-store`: the store's members with what keeps billing them after leaving. */
describe('npm run admin -- export-store', () => {
  let t: TestApp;
  let shop: Shop;
  let other: Shop;
  let slug: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const owner = await signedInCreator(t, { now: clock.now() });
    shop = { owner, storeId: (await createStoreAs(t, owner, 'leaving-shop')).id };
    const stranger = await signedInCreator(t, { now: clock.now() });
    other = { owner: stranger, storeId: (await createStoreAs(t, stranger, 'leaving-other')).id };
    [{ slug }] = (await t.db.select({ slug: stores.slug }).from(stores).where(eq(stores.id, shop.storeId))) as [{ slug: string }];
  });
  afterAll(() => t?.close());

  const cli = (...args: string[]) => runAdminCli(args, { DATABASE_URL: t.connectionString });
  async function ok<T>(as: Shop, name: string, data: Record<string, unknown>): Promise<T> {
    const response = await callFunction(t.app, name, { storeId: as.storeId, ...data }, { as: as.owner });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
    return response.json().result as T;
  }
  const newMembership = (as: Shop) => createProductAs(t, as.owner, as.storeId, { type: 'membership', title: 'Studio Club' }) as Promise<Product>;
  const newTier = (as: Shop, productId: string, fields: Record<string, unknown> = {}) =>
    ok<MembershipTier>(as, 'createMembershipTier', { productId, name: 'Supporter', monthlyPriceCents: 500, ...fields });
  async function join(as: Shop, tierId: string, email: string) {
    const customer = await seedCustomer(t, as.storeId, { email });
    const started = await startTestMembership({ db: t.db, now: clock.now() }, { storeId: as.storeId, tierId, customerId: customer.id, interval: 'month', card: card(CARDS.pays) });
    if (started.kind !== 'started') throw new Error(started.kind);
    return { membershipId: started.membershipId };
  }

  /** A member billed on the store's connected Stripe account, as the webhooks leave one. */
  async function stripeMember(tierId: string, productId: string) {
    const customer = await seedCustomer(t, shop.storeId, { email: 'stripe.member@example.com', name: 'Sam Stripe' });
    const subscriptionId = `sub_${newId('x').slice(2)}`;
    await t.db.insert(membershipStripeSubscriptions).values({ subscriptionId, accountId: 'acct_creator1', storeId: shop.storeId, stripeCustomerId: 'cus_member1', itemId: 'si_1', priceId: 'price_tier1' });
    await t.db.insert(memberships).values({
      id: newId('mbr'),
      storeId: shop.storeId,
      productId,
      tierId,
      customerId: customer.id,
      status: 'active',
      interval: 'year',
      priceCents: 9000,
      currency: 'USD',
      provider: 'stripe',
      providerSubscriptionId: subscriptionId,
      currentPeriodStart: clock.now(),
      currentPeriodEnd: new Date('2031-04-01T09:00:00Z'),
      lastEventAt: clock.now(),
      createdAt: new Date('2030-04-02T09:00:00Z'),
    });
    return subscriptionId;
  }

  it('prints the store and each member: email, tier, status, period end, their own price, and the Stripe ids', async () => {
    const membership = await newMembership(shop);
    const tier = await newTier(shop, membership.id, { monthlyPriceCents: 500, yearlyPriceCents: 9000 });
    const { membershipId } = await join(shop, tier.id, 'test.member@example.com');
    const subscriptionId = await stripeMember(tier.id, membership.id);
    // A new price is for new members only: the export keeps what each member pays.
    await ok(shop, 'updateMembershipTier', { tierId: tier.id, monthlyPriceCents: 700 });
    // Another store's member is never in this store's export.
    const strangers = await newMembership(other);
    await join(other, (await newTier(other, strangers.id)).id, 'elsewhere@example.com');

    const result = await cli('export-store', slug);
    expect(result.code).toBe(0);
    const exported = JSON.parse(result.stdout) as StoreExport;
    expect(exported).toMatchObject({ format: 'shopfront-store-export', version: 1, store: { id: shop.storeId, slug, currency: 'USD' } });
    expect(exported.members).toEqual([
      expect.objectContaining({
        membershipId,
        email: 'test.member@example.com',
        tier: { id: tier.id, name: 'Supporter' },
        status: 'active',
        interval: 'monthly',
        priceCents: 500,
        periodEnd: '2030-05-01T09:00:00.000Z',
        provider: 'test',
        stripe: null,
      }),
      expect.objectContaining({
        email: 'stripe.member@example.com',
        name: 'Sam Stripe',
        status: 'active',
        interval: 'yearly',
        priceCents: 9000,
        periodEnd: '2031-04-01T09:00:00.000Z',
        provider: 'stripe',
        subscriptionId,
        stripe: { accountId: 'acct_creator1', customerId: 'cus_member1', priceId: 'price_tier1' },
      }),
    ]);
  });

  it("gives the owner the same document from Settings, and another creator's store answers not found", async () => {
    const file = await ok<{ filename: string; json: string; members: number }>(shop, 'exportStoreData', {});
    expect(file.filename).toBe(`${slug}-export-2030-04-01.json`);
    const fromCli = JSON.parse((await cli('export-store', slug)).stdout) as StoreExport;
    const fromDashboard = JSON.parse(file.json) as StoreExport;
    expect({ ...fromDashboard, exportedAt: null }).toEqual({ ...fromCli, exportedAt: null });
    expect(file.members).toBe(fromCli.members.length);
    expect(file.members).toBeGreaterThan(0);

    const foreign = await callFunction(t.app, 'exportStoreData', { storeId: other.storeId }, { as: shop.owner });
    expect([foreign.statusCode, errorOf(foreign).message]).toEqual([404, MESSAGES.stores.notFound]);
  });

  it('refuses an unknown store with exit code 1, and a missing slug with the usage', async () => {
    expect(await cli('export-store', 'no-such-store')).toMatchObject({ code: 1, stdout: '', stderr: `Error: ${MESSAGES.stores.notFound}\n` });
    expect(await cli('export-store')).toMatchObject({ code: 2, stderr: expect.stringContaining('export-store takes <store-slug>') });
  });
});
