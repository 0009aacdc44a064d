import { DEFAULT_CTA, PRODUCT_MESSAGES, type Product, type StorefrontData } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { eq } from 'drizzle-orm';
import { customers, memberships, membershipTiers } from '#src/db/schema/index.ts';
import { startTestMembership } from '#src/domain/memberships/start-test-membership.ts';
import { CARDS, card, testClockDriver } from '#src/testing/memberships.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { checkoutCall } from '#src/testing/checkout.ts';
import { tickingClock } from '#src/testing/clock.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createProductAs } from '#src/testing/products.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

describe('the membership product type', () => {
  let t: TestApp;
  let ivy: TestCreator;
  let storeId: string;
  let storeSlug: string;

  beforeAll(async () => {
    t = await createTestApp({ now: tickingClock() });
    ivy = await signedInCreator(t);
    const store = await createStoreAs(t, ivy, 'ivy-members');
    storeId = store.id;
    storeSlug = store.slug;
  });
  afterAll(() => t?.close());

  const update = (productId: string, changes: Record<string, unknown>) => callFunction(t.app, 'updateProduct', { storeId, productId, ...changes }, { as: ivy });
  const membership = (overrides: Record<string, unknown> = {}) => createProductAs(t, ivy, storeId, { type: 'membership', title: 'Studio Club', ...overrides });
  async function addTier(productId: string) {
    await t.db.insert(membershipTiers).values({ id: newId('mtr'), storeId, productId, name: 'Supporter', monthlyPriceCents: 500, currency: 'USD', position: 0 });
  }
  async function publishedMembership() {
    const product = await membership();
    await addTier(product.id);
    const response = await update(product.id, { status: 'published' });
    if (response.statusCode !== 200) throw new Error(response.body);
    return response.json().result as Product;
  }

  it('is created as a draft priced by its tiers: the product’s own price fields stay empty, the button says Join', async () => {
    const product = await membership({ priceMode: 'pay-what-you-want', priceCents: 2500, minPriceCents: 100, compareAtCents: 9000 });
    expect(product).toMatchObject({ type: 'membership', status: 'draft', priceMode: 'fixed', priceCents: 0, minPriceCents: 0, compareAtCents: null, ctaLabel: DEFAULT_CTA.membership });
  });

  it('publishes only once it has a tier that takes members', async () => {
    const created = await callFunction(t.app, 'createProduct', { storeId, type: 'membership', title: 'Early', priceMode: 'fixed', status: 'published' }, { as: ivy });
    expect(created.statusCode).toBe(400);
    expect(errorOf(created).message).toBe(PRODUCT_MESSAGES.publishNeedsTier);

    const product = await membership();
    const refused = await update(product.id, { status: 'published' });
    expect(errorOf(refused).message).toBe(PRODUCT_MESSAGES.publishNeedsTier);
    await t.db.insert(membershipTiers).values({ id: newId('mtr'), storeId, productId: product.id, name: 'Old', monthlyPriceCents: 500, currency: 'USD', position: 0, archivedAt: new Date() });
    expect(errorOf(await update(product.id, { status: 'published' })).message).toBe(PRODUCT_MESSAGES.publishNeedsTier);

    await addTier(product.id);
    expect((await update(product.id, { status: 'published' })).json().result).toMatchObject({ status: 'published' });
  });

  it('never changes type, into a membership or out of one', async () => {
    const download = await createProductAs(t, ivy, storeId);
    const into = await update(download.id, { type: 'membership' });
    expect(into.statusCode).toBe(400);
    expect(errorOf(into)).toMatchObject({ message: PRODUCT_MESSAGES.membershipTypeFixed, details: { fieldErrors: { type: [PRODUCT_MESSAGES.membershipTypeFixed] } } });
    const club = await membership();
    expect(errorOf(await update(club.id, { type: 'digital', priceCents: 1500 })).message).toBe(PRODUCT_MESSAGES.membershipTypeFixed);
  });

  it('is refused by the one-off checkout with a clear message', async () => {
    const product = await publishedMembership();
    const response = await checkoutCall(t, { storeId, productId: product.id });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe(PRODUCT_MESSAGES.membershipNotOneOff);
  });

  it('is neither a bundle, nor in one, nor an order bump, nor has one', async () => {
    const club = await publishedMembership();
    const download = await createProductAs(t, ivy, storeId, { title: 'Zine' });
    expect(errorOf(await update(download.id, { bundleProductIds: [club.id] })).message).toBe(PRODUCT_MESSAGES.bundleItemNotDownload);
    expect(errorOf(await update(club.id, { bundleProductIds: [download.id] })).message).toBe(PRODUCT_MESSAGES.bundleOnlyDigital);
    expect(errorOf(await update(download.id, { bumpProductId: club.id, bumpPriceCents: 100 })).message).toBe(PRODUCT_MESSAGES.bumpNotDownload);
    expect(errorOf(await update(club.id, { bumpProductId: download.id, bumpPriceCents: 100 })).message).toBe(PRODUCT_MESSAGES.membershipNoBump);
  });

  it('shows on the storefront without a product price', async () => {
    const club = await publishedMembership();
    const response = await callFunction(t.app, 'getStorefront', { slug: storeSlug });
    expect(response.statusCode).toBe(200);
    const listed = (response.json().result.products as { id: string }[]).find((row) => row.id === club.id);
    expect(listed).toMatchObject({ type: 'membership', priceCents: null, compareAtCents: null, ctaLabel: 'Join' });
  });

  it("lists its live tiers on its product page, in order, each full once its member limit is reached", async () => {
    const club = await publishedMembership();
    const tier = (name: string, position: number, extra: Record<string, unknown> = {}) =>
      t.db.insert(membershipTiers).values({ id: newId('mtr'), storeId, productId: club.id, name, monthlyPriceCents: 900, currency: 'USD', position, ...extra }).returning();
    const [patron] = await tier('Patron', 2, { yearlyPriceCents: 20_000, memberLimit: 1, trialDays: 7 });
    await tier('Retired', 1, { archivedAt: new Date() });
    const page = async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/storefront?slug=${storeSlug}&product=${club.slug}` });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as StorefrontData).product?.membershipTiers ?? [];
    };
    expect((await page()).map(({ name, full }) => ({ name, full }))).toEqual([
      { name: 'Supporter', full: false },
      { name: 'Patron', full: false },
    ]);
    // Joining fills the Patron tier (limit 1), and the cached page says so.
    const [customer] = await t.db.insert(customers).values({ id: newId('cus'), storeId, email: 'mia@example.com', name: 'Mia' }).returning();
    const joined = await startTestMembership({ db: t.db, now: new Date() }, { storeId, tierId: patron!.id, customerId: customer!.id, interval: 'month', card: card(CARDS.pays) });
    expect(joined.kind).toBe('started');
    // The change reaches the page cache by NOTIFY, after the join commits.
    await expect.poll(async () => (await page()).find((row) => row.name === 'Patron'), { timeout: 5_000 }).toMatchObject({ full: true, trialDays: 7 });
    // Another type's page carries no tiers.
    const link = await createProductAs(t, ivy, storeId, { type: 'link', title: 'Newsletter', externalUrl: 'https://example.com/news', status: 'published' });
    const other = await t.app.inject({ method: 'GET', url: `/api/storefront?slug=${storeSlug}&product=${link.slug}` });
    expect(other.statusCode, other.body).toBe(200);
    expect((other.json() as StorefrontData).product).not.toHaveProperty('membershipTiers');
  });

  it('a full tier reopens on the cached page when a member ends: cancelled now by the creator, or at the period end reached', async () => {
    const club = await publishedMembership();
    const [limited] = await t.db.insert(membershipTiers).values({ id: newId('mtr'), storeId, productId: club.id, name: 'Inner circle', monthlyPriceCents: 900, currency: 'USD', position: 1, memberLimit: 1 }).returning();
    const fullness = async () => {
      const response = await t.app.inject({ method: 'GET', url: `/api/storefront?slug=${storeSlug}&product=${club.slug}` });
      return (response.json() as StorefrontData).product?.membershipTiers?.find((row) => row.id === limited!.id)?.full;
    };
    const fill = async (email: string) => {
      const [customer] = await t.db.insert(customers).values({ id: newId('cus'), storeId, email, name: 'Mia' }).returning();
      const joined = await startTestMembership({ db: t.db, now: new Date() }, { storeId, tierId: limited!.id, customerId: customer!.id, interval: 'month', card: card(CARDS.pays) });
      if (joined.kind !== 'started') throw new Error(joined.kind);
      await expect.poll(fullness, { timeout: 5_000 }).toBe(true);
      return joined.membershipId;
    };

    const first = await fill('first@example.com');
    const ended = await callFunction(t.app, 'cancelMember', { storeId, membershipId: first, when: 'now' }, { as: ivy });
    expect(ended.json().result).toMatchObject({ status: 'ended' });
    await expect.poll(fullness, { timeout: 5_000 }).toBe(false);

    const second = await fill('second@example.com');
    await callFunction(t.app, 'cancelMember', { storeId, membershipId: second, when: 'period_end' }, { as: ivy });
    // Cancelled at period end still holds its place until the end is reached.
    expect(await fullness()).toBe(true);
    const driver = testClockDriver(t, () => new Date());
    const [row] = await t.db.select().from(memberships).where(eq(memberships.id, second));
    await driver.moveTo(storeId, new Date(row!.currentPeriodEnd.getTime() + 60_000));
    await expect.poll(fullness, { timeout: 5_000 }).toBe(false);
  });
});
