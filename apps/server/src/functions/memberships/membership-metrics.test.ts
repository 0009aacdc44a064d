import type { MembershipMetrics } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestMembership } from '#src/domain/memberships/start-test-membership.ts';
import { missingId } from '#src/testing/affiliate-accounts.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { card, CARDS, testClockDriver } from '#src/testing/memberships.ts';
import { seedCustomer } from '#src/testing/orders.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { call, join, newMembership, newTier, ok, type Shop } from './membership-fixtures.ts';

const MAY = { period: 'custom', from: '2030-05-01', to: '2030-05-31' } as const;

describe('membership metrics: MRR, members, churn and trial conversion', () => {
  const clock = manualClock(new Date('2030-04-25T12:00:00.000Z'));
  let t: TestApp;
  let shop: Shop;
  let other: Shop;
  let driver: ReturnType<typeof testClockDriver>;

  const metrics = (who: Shop, period: Record<string, string> = MAY, storeId = who.storeId) => ok<MembershipMetrics>(call(t, who, 'getMembershipMetrics', { ...period, storeId }));

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    driver = testClockDriver(t, clock.now);
    const owner = await signedInCreator(t, { now: clock.now() });
    shop = { owner, storeId: (await createStoreAs(t, owner, 'metrics-club')).id };
    const stranger = await signedInCreator(t, { now: clock.now() });
    other = { owner: stranger, storeId: (await createStoreAs(t, stranger, 'metrics-other')).id };
  });
  afterAll(() => t?.close());

  it('says a store without a membership has none, with every number at zero', async () => {
    expect(await metrics(other)).toEqual({
      hasMemberships: false,
      currency: 'USD',
      range: { from: '2030-05-01', to: '2030-05-31' },
      mrrCents: 0,
      activeMembers: 0,
      trialingMembers: 0,
      newMembers: 0,
      churn: { atStart: 0, ended: 0, rate: null },
      trialConversion: { trialsEnded: 0, converted: 0, rate: null },
    });
  });

  it('counts what members pay per month, who left during the period, and which ended trials were paid for', async () => {
    const product = await newMembership(t, shop);
    const monthly = await newTier(t, shop, product.id, { name: 'Monthly', monthlyPriceCents: 500, setupFeeCents: 100 });
    const yearly = await newTier(t, shop, product.id, { name: 'Yearly', monthlyPriceCents: null, yearlyPriceCents: 6000 });
    const pricey = await newTier(t, shop, product.id, { name: 'Pricey', monthlyPriceCents: 700 });
    const trial = await newTier(t, shop, product.id, { name: 'Trial', monthlyPriceCents: 800, trialDays: 7 });
    // Before May: ana (5.00 a month), ben (60.00 a year: 5.00 a month), cy (7.00 a month).
    await join(t, shop, monthly.id, clock.now(), { email: 'ana@example.com' });
    await join(t, shop, yearly.id, clock.now(), { email: 'ben@example.com', interval: 'year' });
    const cy = await join(t, shop, pricey.id, clock.now(), { email: 'cy@example.com' });
    // A member of another store is never counted here.
    const otherProduct = await newMembership(t, other);
    await join(t, other, (await newTier(t, other, otherProduct.id, { monthlyPriceCents: 999 })).id, clock.now());

    // 10 May (sessions last 30 days, so the test stays within them): cy leaves at once; dee and eve start 7-day trials, eve's card will decline.
    clock.set(new Date('2030-05-10T12:00:00.000Z'));
    expect((await call(t, shop, 'cancelMember', { membershipId: cy.membershipId, when: 'now' })).statusCode).toBe(200);
    await join(t, shop, trial.id, clock.now(), { email: 'dee@example.com' });
    const eve = await seedCustomer(t, shop.storeId, { email: 'eve@example.com' });
    const started = await startTestMembership({ db: t.db, now: clock.now() }, { storeId: shop.storeId, tierId: trial.id, customerId: eve.id, interval: 'month', card: card(CARDS.declinesLater) });
    expect(started.kind).toBe('started');

    // While the trials run: no trial has ended yet, and trialing members pay nothing yet.
    expect(await metrics(shop)).toMatchObject({
      hasMemberships: true,
      mrrCents: 1000,
      activeMembers: 4,
      trialingMembers: 2,
      newMembers: 2,
      churn: { atStart: 3, ended: 1, rate: 1 / 3 },
      trialConversion: { trialsEnded: 0, converted: 0, rate: null },
    });

    // A minute after the trials end: dee pays (8.00), eve's charge fails (past due, still counted in MRR).
    clock.set(new Date('2030-05-17T12:01:00.000Z'));
    await driver.runDue();
    expect(await metrics(shop)).toMatchObject({
      mrrCents: 500 + 500 + 800 + 800,
      activeMembers: 4,
      trialingMembers: 0,
      trialConversion: { trialsEnded: 2, converted: 1, rate: 0.5 },
    });

    // June: cy's leaving was in May, and everyone left is counted at June's start.
    expect(await metrics(shop, { period: 'custom', from: '2030-06-01', to: '2030-06-30' })).toMatchObject({
      newMembers: 0,
      churn: { atStart: 4, ended: 0, rate: 0 },
      trialConversion: { trialsEnded: 0, converted: 0, rate: null },
    });
  });

  it('answers another creator’s store like a missing one, and refuses a bad period', async () => {
    const foreign = await call(t, other, 'getMembershipMetrics', { ...MAY, storeId: shop.storeId });
    const missing = await call(t, other, 'getMembershipMetrics', { ...MAY, storeId: missingId('store') });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    const backwards = await call(t, shop, 'getMembershipMetrics', { period: 'custom', from: '2030-05-31', to: '2030-05-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toBe('The start date must be on or before the end date.');
  });
});
