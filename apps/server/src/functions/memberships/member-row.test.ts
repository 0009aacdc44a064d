import type { Member, MembershipTier } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { membershipRow, testClockDriver } from '#src/testing/memberships.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { call, join, newMembership, newTier, ok, type Shop } from './membership-fixtures.ts';

const MINUTE = 60_000;

describe('the creator’s member row: period end and last charge; a tier’s pause setting', () => {
  const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
  let t: TestApp;
  let shop: Shop;
  let driver: ReturnType<typeof testClockDriver>;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    driver = testClockDriver(t, clock.now);
    const owner = await signedInCreator(t, { now: clock.now() });
    shop = { owner, storeId: (await createStoreAs(t, owner, 'member-rows')).id };
  });
  afterAll(() => t?.close());

  const row = async (productId: string, membershipId: string) =>
    (await ok<{ members: Member[] }>(call(t, shop, 'listMembers', { productId }))).members.find((member) => member.id === membershipId)!;

  it('shows the period end and the newest paid period charge (the first with its setup fee), and whether it was refunded', async () => {
    const product = await newMembership(t, shop);
    const tier = await newTier(t, shop, product.id, { monthlyPriceCents: 500, setupFeeCents: 100 });
    const { membershipId } = await join(t, shop, tier.id, clock.now());
    expect(await row(product.id, membershipId)).toMatchObject({ periodEnd: '2030-07-01T12:00:00.000Z', lastCharge: { at: '2030-06-01T12:00:00.000Z', amountCents: 600, refunded: false } });

    // A minute before the renewal the row is as it was; a minute after, the renewal is the last charge.
    await driver.moveTo(shop.storeId, new Date(Date.parse('2030-07-01T12:00:00.000Z') - MINUTE));
    expect((await row(product.id, membershipId)).lastCharge?.amountCents).toBe(600);
    await driver.moveTo(shop.storeId, new Date(Date.parse('2030-07-01T12:00:00.000Z') + MINUTE));
    expect(await row(product.id, membershipId)).toMatchObject({ periodEnd: '2030-08-01T12:00:00.000Z', lastCharge: { at: '2030-07-01T12:01:00.000Z', amountCents: 500, refunded: false } });

    await ok(call(t, shop, 'refundMemberLastPayment', { membershipId }));
    expect((await row(product.id, membershipId)).lastCharge).toMatchObject({ amountCents: 500, refunded: true });
    // Cancelled at period end: the row says until when.
    const cancelled = await ok<Member>(call(t, shop, 'cancelMember', { membershipId, when: 'period_end' }));
    expect(cancelled).toMatchObject({ cancelAtPeriodEnd: true, periodEnd: (await membershipRow(t, membershipId)).currentPeriodEnd.toISOString() });
  });

  it('a trialing member’s period end is the trial end, and no charge has been made yet', async () => {
    const product = await newMembership(t, shop);
    const tier = await newTier(t, shop, product.id, { trialDays: 7 });
    const { membershipId } = await join(t, shop, tier.id, clock.now());
    const trialEnd = (await membershipRow(t, membershipId)).trialEnd!;
    expect(await row(product.id, membershipId)).toMatchObject({ status: 'trialing', periodEnd: trialEnd.toISOString(), lastCharge: null });
  });

  it('a tier is not pausable unless the creator says so, and the setting can be turned on and off', async () => {
    const product = await newMembership(t, shop);
    const tier = await newTier(t, shop, product.id);
    expect(tier.pausable).toBe(false);
    const on = await ok<MembershipTier>(call(t, shop, 'updateMembershipTier', { tierId: tier.id, pausable: true }));
    expect(on).toMatchObject({ pausable: true, name: tier.name, monthlyPriceCents: tier.monthlyPriceCents });
    const created = await newTier(t, shop, product.id, { name: 'Patron', pausable: true });
    expect(created.pausable).toBe(true);
    expect((await ok<MembershipTier>(call(t, shop, 'updateMembershipTier', { tierId: tier.id, pausable: false }))).pausable).toBe(false);
    const bad = await call(t, shop, 'updateMembershipTier', { tierId: tier.id, pausable: 'yes' });
    expect(bad.statusCode).toBe(400);
  });
});
