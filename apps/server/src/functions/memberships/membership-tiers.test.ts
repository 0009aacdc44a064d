import { MEMBERSHIP_LIMITS as L, MEMBERSHIP_MESSAGES as M, MESSAGES, type MembershipTier } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '#src/db/schema/index.ts';
import { findMemberAccess } from '#src/domain/memberships/find-member-access.ts';
import { card, CARDS } from '#src/testing/memberships.ts';
import { recordMembershipEvent } from '#src/domain/memberships/record-membership-event.ts';
import { startTestMembership } from '#src/domain/memberships/start-test-membership.ts';
import { missingId } from '#src/testing/affiliate-accounts.ts';
import { callFunction, seen } from '#src/testing/call-function.ts';
import { tickingClock } from '#src/testing/clock.ts';
import { seedCustomer } from '#src/testing/orders.ts';
import { createProductAs } from '#src/testing/products.ts';
import { call, join, newMembership, newTier, ok, refusalOf, shopAndStrangerSuite } from './membership-fixtures.ts';

type TierList = { tiers: MembershipTier[]; currency: string };

describe('membership tiers: list, create, update, reorder, archive', () => {
  const now = tickingClock(Date.parse('2030-06-01T12:00:00Z'));
  const s = shopAndStrangerSuite(now, 'tier');

  const create = (productId: string, fields: Record<string, unknown>) => call(s.t, s.shop, 'createMembershipTier', { productId, name: 'Supporter', monthlyPriceCents: 500, ...fields });
  const update = (tierId: string, changes: Record<string, unknown>) => call(s.t, s.shop, 'updateMembershipTier', { tierId, ...changes });
  const list = (productId: string) => ok<TierList>(call(s.t, s.shop, 'listMembershipTiers', { productId }));

  it('creates tiers last in the order, in the store currency, with the optional fields empty', async () => {
    const product = await newMembership(s.t, s.shop);
    const first = await newTier(s.t, s.shop, product.id, { name: 'Supporter', monthlyPriceCents: 500 });
    const second = await newTier(s.t, s.shop, product.id, {
      name: 'Patron',
      description: 'For the keen',
      benefits: ['Monthly zine', 'Discord'],
      monthlyPriceCents: null,
      yearlyPriceCents: 12000,
      trialDays: 7,
      setupFeeCents: 50,
      memberLimit: 25,
    });
    expect(first).toMatchObject({ name: 'Supporter', description: '', benefits: [], monthlyPriceCents: 500, yearlyPriceCents: null, currency: 'USD', trialDays: 0, setupFeeCents: 0, memberLimit: null, position: 0, archivedAt: null, memberCount: 0 });
    expect(second).toMatchObject({ benefits: ['Monthly zine', 'Discord'], yearlyPriceCents: 12000, trialDays: 7, setupFeeCents: 50, memberLimit: 25, position: 1 });
    expect(await list(product.id)).toEqual({ tiers: [first, second], currency: 'USD' });
  });

  it('needs a monthly or a yearly price, each from 0.50 to the product maximum', async () => {
    const product = await newMembership(s.t, s.shop);
    expect(await refusalOf(create(product.id, { monthlyPriceCents: null }))).toEqual({ status: 400, message: M.tierNeedsPrice });
    expect(await refusalOf(create(product.id, { monthlyPriceCents: 49 }))).toEqual({ status: 400, message: M.priceTooLow });
    expect(await refusalOf(create(product.id, { monthlyPriceCents: null, yearlyPriceCents: L.maxPriceCents + 1 }))).toEqual({ status: 400, message: M.priceTooHigh });
    expect(await refusalOf(create(product.id, { monthlyPriceCents: 12.5 }))).toEqual({ status: 400, message: M.priceWhole });
    await newTier(s.t, s.shop, product.id, { monthlyPriceCents: 50, yearlyPriceCents: L.maxPriceCents });
    expect((await list(product.id)).tiers).toHaveLength(1);
  });

  it('takes each field up to its limit and refuses one more', async () => {
    const product = await newMembership(s.t, s.shop);
    const cases: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [{ name: 'n'.repeat(L.tierNameMax) }, { name: 'n'.repeat(L.tierNameMax + 1) }, M.tierNameTooLong],
      [{ description: 'd'.repeat(L.tierDescriptionMax) }, { description: 'd'.repeat(L.tierDescriptionMax + 1) }, M.tierDescriptionTooLong],
      [{ benefits: Array.from({ length: L.benefitsMax }, (_, i) => `b${i}`) }, { benefits: Array.from({ length: L.benefitsMax + 1 }, (_, i) => `b${i}`) }, M.tooManyBenefits],
      [{ benefits: ['b'.repeat(L.benefitMax)] }, { benefits: ['b'.repeat(L.benefitMax + 1)] }, M.benefitTooLong],
      [{ trialDays: L.trialDaysMax }, { trialDays: L.trialDaysMax + 1 }, M.trialDays],
      [{ setupFeeCents: 50 }, { setupFeeCents: 49 }, M.setupFeeTooLow],
      [{ memberLimit: 1 }, { memberLimit: 0 }, M.memberLimit],
      [{ memberLimit: L.memberLimitMax }, { memberLimit: L.memberLimitMax + 1 }, M.memberLimit],
    ];
    for (const [fits, over, message] of cases) {
      expect((await create(product.id, fits)).statusCode).toBe(200);
      expect(await refusalOf(create(product.id, over))).toEqual({ status: 400, message });
    }
    expect(await refusalOf(create(product.id, { name: '  ' }))).toEqual({ status: 400, message: M.tierNameRequired });
  });

  it(`allows ${L.tiersPerProduct} tiers per membership, not one more`, async () => {
    const product = await newMembership(s.t, s.shop);
    for (let i = 0; i < L.tiersPerProduct; i++) await newTier(s.t, s.shop, product.id, { name: `Tier ${i}` });
    expect(await refusalOf(create(product.id, {}))).toEqual({ status: 400, message: M.tooManyTiers });
  });

  it('only on membership products', async () => {
    const download = await createProductAs(s.t, s.shop.owner, s.shop.storeId);
    expect(await refusalOf(create(download.id, {}))).toEqual({ status: 404, message: M.productNotFound });
    expect(await refusalOf(call(s.t, s.shop, 'listMembershipTiers', { productId: download.id }))).toEqual({ status: 404, message: M.productNotFound });
  });

  it('counts the members who have not ended, per tier', async () => {
    const product = await newMembership(s.t, s.shop);
    const tier = await newTier(s.t, s.shop, product.id);
    await join(s.t, s.shop, tier.id, now());
    const { membershipId } = await join(s.t, s.shop, tier.id, now());
    const row = (await s.t.db.select().from(memberships).where(eq(memberships.id, membershipId)))[0]!;
    await recordMembershipEvent(s.t.db, { provider: 'test', eventId: `evt_end_${membershipId}`, providerSubscriptionId: row.providerSubscriptionId, createdAt: now(), type: 'ended' }, now());
    expect((await list(product.id)).tiers[0]).toMatchObject({ id: tier.id, memberCount: 1 });
  });

  it('updates only the fields sent; a new price is for new members, existing ones keep theirs', async () => {
    const product = await newMembership(s.t, s.shop);
    const tier = await newTier(s.t, s.shop, product.id, { benefits: ['Zine'], monthlyPriceCents: 500, yearlyPriceCents: 5000 });
    const { membershipId } = await join(s.t, s.shop, tier.id, now());
    const after = await ok<MembershipTier>(update(tier.id, { name: 'Friend', monthlyPriceCents: 700 }));
    expect(after).toEqual({ ...tier, name: 'Friend', monthlyPriceCents: 700, memberCount: 1, updatedAt: after.updatedAt });
    expect((await s.t.db.select().from(memberships).where(eq(memberships.id, membershipId)))[0]).toMatchObject({ priceCents: 500 });
    expect(await refusalOf(update(tier.id, { monthlyPriceCents: null, yearlyPriceCents: null }))).toEqual({ status: 400, message: M.tierNeedsPrice });
    expect(await ok<MembershipTier>(update(tier.id, { monthlyPriceCents: null }))).toMatchObject({ monthlyPriceCents: null, yearlyPriceCents: 5000 });
    expect(await refusalOf(update(tier.id, { yearlyPriceCents: null }))).toEqual({ status: 400, message: M.tierNeedsPrice });
  });

  it('never sets a member limit below the members the tier has now', async () => {
    const product = await newMembership(s.t, s.shop);
    const tier = await newTier(s.t, s.shop, product.id);
    await join(s.t, s.shop, tier.id, now());
    await join(s.t, s.shop, tier.id, now());
    expect(await refusalOf(update(tier.id, { memberLimit: 1 }))).toEqual({ status: 400, message: M.memberLimitBelowMembers });
    expect(await ok<MembershipTier>(update(tier.id, { memberLimit: 2 }))).toMatchObject({ memberLimit: 2, memberCount: 2 });
    // Full now: the next visitor is refused by the join rule.
    const customer = await seedCustomer(s.t, s.shop.storeId);
    const start = startTestMembership({ db: s.t.db, now: now() }, { storeId: s.shop.storeId, tierId: tier.id, customerId: customer.id, interval: 'month', card: card(CARDS.pays) });
    await expect(start).rejects.toMatchObject({ message: M.tierFull });
  });

  it('reorders the live tiers when each is named once', async () => {
    const product = await newMembership(s.t, s.shop);
    const [a, b, c] = [await newTier(s.t, s.shop, product.id, { name: 'A' }), await newTier(s.t, s.shop, product.id, { name: 'B' }), await newTier(s.t, s.shop, product.id, { name: 'C' })];
    const reorder = (tierIds: string[]) => call(s.t, s.shop, 'reorderMembershipTiers', { productId: product.id, tierIds });
    for (const ids of [[a!.id, b!.id], [a!.id, b!.id, b!.id], [a!.id, b!.id, c!.id, missingId('mtr')]]) {
      expect(await refusalOf(reorder(ids))).toEqual({ status: 400, message: M.reorderMismatch });
    }
    const result = await ok<TierList>(reorder([c!.id, a!.id, b!.id]));
    expect(result.tiers.map((tier) => [tier.name, tier.position])).toEqual([['C', 0], ['A', 1], ['B', 2]]);
  });

  it('archives a tier: no new members, its members keep access; never the last live tier of a published membership', async () => {
    const product = await newMembership(s.t, s.shop);
    const keep = await newTier(s.t, s.shop, product.id, { name: 'Keep' });
    const old = await newTier(s.t, s.shop, product.id, { name: 'Old' });
    const { customer, membershipId } = await join(s.t, s.shop, old.id, now());
    await ok(call(s.t, s.shop, 'updateProduct', { productId: product.id, status: 'published' }));

    const archived = await ok<MembershipTier>(call(s.t, s.shop, 'archiveMembershipTier', { tierId: old.id }));
    expect(archived).toMatchObject({ id: old.id, memberCount: 1 });
    expect(archived.archivedAt).not.toBeNull();
    expect(await ok<MembershipTier>(call(s.t, s.shop, 'archiveMembershipTier', { tierId: old.id }))).toEqual(archived);
    expect((await list(product.id)).tiers.map((tier) => tier.name)).toEqual(['Keep', 'Old']);

    const newcomer = await seedCustomer(s.t, s.shop.storeId);
    const start = startTestMembership({ db: s.t.db, now: now() }, { storeId: s.shop.storeId, tierId: old.id, customerId: newcomer.id, interval: 'month', card: card(CARDS.pays) });
    await expect(start).rejects.toMatchObject({ message: M.tierNotFound });
    expect((await findMemberAccess(s.t.db, { storeId: s.shop.storeId, customerId: customer.id, now: now() })).length).toBe(1);
    expect((await s.t.db.select().from(memberships).where(eq(memberships.id, membershipId)))[0]).toMatchObject({ status: 'active' });
    expect(await refusalOf(update(old.id, { name: 'Renamed' }))).toEqual({ status: 400, message: M.tierArchived });

    expect(await refusalOf(call(s.t, s.shop, 'archiveMembershipTier', { tierId: keep.id }))).toEqual({ status: 400, message: M.lastLiveTier });
    await ok(call(s.t, s.shop, 'updateProduct', { productId: product.id, status: 'draft' }));
    expect(await ok<MembershipTier>(call(s.t, s.shop, 'archiveMembershipTier', { tierId: keep.id }))).toMatchObject({ id: keep.id });
  });

  describe('another creator’s ids answer exactly like missing ones and change nothing', () => {
    let theirs: { productId: string; tierId: string };
    beforeAll(async () => {
      const product = await newMembership(s.t, s.other, 'Their Club');
      const tier = await newTier(s.t, s.other, product.id);
      theirs = { productId: product.id, tierId: tier.id };
    });
    const cases: [string, (ids: { productId: string; tierId: string }) => Record<string, unknown>][] = [
      ['listMembershipTiers', (ids) => ({ productId: ids.productId })],
      ['createMembershipTier', (ids) => ({ productId: ids.productId, name: 'Mine now', monthlyPriceCents: 500 })],
      ['updateMembershipTier', (ids) => ({ tierId: ids.tierId, name: 'Mine now' })],
      ['reorderMembershipTiers', (ids) => ({ productId: ids.productId, tierIds: [ids.tierId] })],
      ['archiveMembershipTier', (ids) => ({ tierId: ids.tierId })],
    ];
    it.each(cases)('%s', async (name, data) => {
      const missing = seen(await call(s.t, s.shop, name, data({ productId: missingId('prd'), tierId: missingId('mtr') })));
      const foreign = seen(await call(s.t, s.shop, name, data(theirs)));
      expect(foreign.status).toBe(404);
      expect(foreign).toEqual(missing);
      // Their own store, named by them, through someone else's session: the store answers like a missing one.
      const viaTheirStore = seen(await callFunction(s.t.app, name, { storeId: s.other.storeId, ...data(theirs) }, { as: s.shop.owner }));
      expect(viaTheirStore).toEqual({ status: 404, body: { error: { status: 'NOT_FOUND', message: MESSAGES.stores.notFound } } });
      expect((await ok<TierList>(call(s.t, s.other, 'listMembershipTiers', { productId: theirs.productId }))).tiers).toMatchObject([{ name: 'Supporter', archivedAt: null }]);
    });
  });

  it('refuses the signed out', async () => {
    expect((await callFunction(s.t.app, 'listMembershipTiers', { storeId: s.shop.storeId, productId: missingId('prd') })).statusCode).toBe(401);
  });
});
