import { PRODUCT_LIMITS } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipTiers } from '#src/db/schema/index.ts';
import { missingId } from '#src/testing/affiliate-accounts.ts';
import { manualClock } from '#src/testing/clock.ts';
import { seedCustomer, seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { findMemberAccess } from './find-member-access.ts';
import { card, CARDS, invoicesOf, membershipRow, seedTier, testClockDriver } from './membership-fixtures.ts';
import { MEMBERSHIP_MESSAGES } from './membership-messages.ts';
import { recordMembershipEvent } from './record-membership-event.ts';
import { replaceTestMembershipCard } from './replace-test-membership-card.ts';
import { setTierPrices } from './set-tier-prices.ts';
import { startTestMembership } from './start-test-membership.ts';
import { refusal } from '#src/testing/refusal.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const MINUTE = 60_000;

describe('memberships across stores, prices and events', () => {
  let t: TestApp;
  let a: SeededStore;
  let b: SeededStore;
  let driver: ReturnType<typeof testClockDriver>;
  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = [await seedStore(t), await seedStore(t)];
    driver = testClockDriver(t, clock.now);
  });
  afterAll(() => t?.close());

  const deps = () => ({ db: t.db, now: clock.now() });
  async function joined(storeId: string, tierId: string) {
    const customer = await seedCustomer(t, storeId);
    const started = await startTestMembership(deps(), { storeId, tierId, customerId: customer.id, interval: 'month', card: card(CARDS.pays) });
    if (started.kind !== 'started') throw new Error('not started');
    return { customer, membershipId: started.membershipId };
  }

  it('a price change leaves existing members on their price; new members pay the new one', async () => {
    const tier = await seedTier(t, a.id);
    const early = await joined(a.id, tier.id);
    await setTierPrices(t.db, { storeId: a.id, tierId: tier.id, monthlyPriceCents: 1500, yearlyPriceCents: null, now: clock.now() });
    const late = await joined(a.id, tier.id);
    expect((await membershipRow(t, early.membershipId)).priceCents).toBe(900);
    expect((await membershipRow(t, late.membershipId)).priceCents).toBe(1500);

    const periodEnd = (await membershipRow(t, early.membershipId)).currentPeriodEnd;
    await driver.moveTo(a.id, new Date(periodEnd.getTime() + MINUTE));
    expect((await invoicesOf(t, early.membershipId)).map((invoice) => invoice.amountCents)).toEqual([900, 900]);
    expect((await invoicesOf(t, late.membershipId)).map((invoice) => invoice.amountCents)).toEqual([1500, 1500]);
    // The yearly price was taken away: nobody new joins yearly.
    const customer = await seedCustomer(t, a.id);
    const yearly = startTestMembership(deps(), { storeId: a.id, tierId: tier.id, customerId: customer.id, interval: 'year', card: card(CARDS.pays) });
    expect(await refusal(yearly)).toEqual({ code: 'invalid-argument', message: MEMBERSHIP_MESSAGES.noYearlyPrice });
  });

  it('tier prices: 0.50 and the product maximum are taken, a cent less or more is refused, and at least one price is needed', async () => {
    const tier = await seedTier(t, a.id);
    const set = (monthly: number | null, yearly: number | null = null) =>
      setTierPrices(t.db, { storeId: a.id, tierId: tier.id, monthlyPriceCents: monthly, yearlyPriceCents: yearly, now: clock.now() });
    expect((await set(50)).monthlyPriceCents).toBe(50);
    expect((await set(PRODUCT_LIMITS.maxPriceCents)).monthlyPriceCents).toBe(PRODUCT_LIMITS.maxPriceCents);
    expect(await refusal(set(49))).toEqual({ code: 'invalid-argument', message: MEMBERSHIP_MESSAGES.priceTooLow });
    expect(await refusal(set(PRODUCT_LIMITS.maxPriceCents + 1))).toEqual({ code: 'invalid-argument', message: MEMBERSHIP_MESSAGES.priceTooHigh });
    expect(await refusal(set(null, null))).toEqual({ code: 'invalid-argument', message: MEMBERSHIP_MESSAGES.tierNeedsPrice });
    expect(await refusal(set(null, 49))).toEqual({ code: 'invalid-argument', message: MEMBERSHIP_MESSAGES.priceTooLow });
  });

  it('the member limit: the last place is taken, one more is refused; an ended membership frees its place', async () => {
    const tier = await seedTier(t, a.id, { memberLimit: 2 });
    await joined(a.id, tier.id);
    const second = await joined(a.id, tier.id);
    const customer = await seedCustomer(t, a.id);
    const third = () => startTestMembership(deps(), { storeId: a.id, tierId: tier.id, customerId: customer.id, interval: 'month', card: card(CARDS.pays) });
    expect(await refusal(third())).toEqual({ code: 'failed-precondition', message: MEMBERSHIP_MESSAGES.tierFull });

    const row = await membershipRow(t, second.membershipId);
    await recordMembershipEvent(t.db, { provider: 'test', eventId: `end_${row.id}`, providerSubscriptionId: row.providerSubscriptionId, createdAt: await driver.clockNow(a.id), type: 'ended' }, clock.now());
    expect((await third()).kind).toBe('started');
    expect(await refusal(third())).toEqual({ code: 'already-exists', message: MEMBERSHIP_MESSAGES.alreadyMember });
  });

  it('a membership of store A gives no access in store B', async () => {
    const tier = await seedTier(t, a.id);
    const { customer } = await joined(a.id, tier.id);
    expect(await findMemberAccess(t.db, { storeId: a.id, customerId: customer.id, now: clock.now() })).toHaveLength(1);
    expect(await findMemberAccess(t.db, { storeId: b.id, customerId: customer.id, now: clock.now() })).toEqual([]);
    expect(await findMemberAccess(t.db, { storeId: b.id, customerId: missingId('cus'), now: clock.now() })).toEqual([]);
  });

  it('a replayed event changes nothing; an older event after a newer one changes nothing', async () => {
    const tier = await seedTier(t, a.id);
    const { membershipId } = await joined(a.id, tier.id);
    const row = await membershipRow(t, membershipId);
    const at = (minutes: number) => new Date(row.lastEventAt.getTime() + minutes * MINUTE);
    const base = { provider: 'test' as const, providerSubscriptionId: row.providerSubscriptionId };
    const cancel = { ...base, eventId: `evt_cancel_${membershipId}`, createdAt: at(10), type: 'cancel_scheduled' as const, reason: 'Too expensive' };

    expect((await recordMembershipEvent(t.db, cancel, clock.now())).outcome).toBe('applied');
    expect((await recordMembershipEvent(t.db, { ...base, eventId: `evt_undo_${membershipId}`, createdAt: at(20), type: 'cancel_undone' }, clock.now())).outcome).toBe('applied');
    const settled = await membershipRow(t, membershipId);
    expect(settled).toMatchObject({ cancelAtPeriodEnd: false, cancelReason: null, lastEventAt: at(20) });

    expect((await recordMembershipEvent(t.db, cancel, clock.now())).outcome).toBe('replay');
    const older = { ...base, eventId: `evt_pause_${membershipId}`, createdAt: at(15), type: 'paused' as const };
    expect((await recordMembershipEvent(t.db, older, clock.now())).outcome).toBe('stale');
    // The same delivery again is a replay, and still nothing moves.
    expect((await recordMembershipEvent(t.db, older, clock.now())).outcome).toBe('replay');
    expect(await membershipRow(t, membershipId)).toEqual(settled);
  });

  describe('another store’s id answers exactly like a missing one and changes nothing', () => {
    it('startTestMembership: the tier and the customer', async () => {
      const tierOfB = await seedTier(t, b.id);
      const tierOfA = await seedTier(t, a.id);
      const customerOfA = await seedCustomer(t, a.id);
      const customerOfB = await seedCustomer(t, b.id);
      const start = (tierId: string, customerId: string) =>
        startTestMembership(deps(), { storeId: a.id, tierId, customerId, interval: 'month', card: card(CARDS.pays) });
      const foreignTier = await refusal(start(tierOfB.id, customerOfA.id));
      expect(foreignTier).toEqual({ code: 'not-found', message: MEMBERSHIP_MESSAGES.tierNotFound });
      expect(foreignTier).toEqual(await refusal(start(missingId('mtr'), customerOfA.id)));
      const foreignCustomer = await refusal(start(tierOfA.id, customerOfB.id));
      expect(foreignCustomer).toEqual({ code: 'not-found', message: MEMBERSHIP_MESSAGES.customerNotFound });
      expect(foreignCustomer).toEqual(await refusal(start(tierOfA.id, missingId('cus'))));
      expect(await findMemberAccess(t.db, { storeId: b.id, customerId: customerOfB.id, now: clock.now() })).toEqual([]);
    });

    it('setTierPrices', async () => {
      const tierOfB = await seedTier(t, b.id);
      const set = (tierId: string) => setTierPrices(t.db, { storeId: a.id, tierId, monthlyPriceCents: 100, yearlyPriceCents: null, now: clock.now() });
      const foreign = await refusal(set(tierOfB.id));
      expect(foreign).toEqual({ code: 'not-found', message: MEMBERSHIP_MESSAGES.tierNotFound });
      expect(foreign).toEqual(await refusal(set(missingId('mtr'))));
      expect(await membershipTierPrice(tierOfB.id)).toBe(900);
    });

    it('replaceTestMembershipCard', async () => {
      const tierOfB = await seedTier(t, b.id);
      const { membershipId } = await joined(b.id, tierOfB.id);
      const replace = (id: string) => replaceTestMembershipCard(deps(), { storeId: a.id, membershipId: id, card: card(CARDS.declinesLater) });
      const foreign = await refusal(replace(membershipId));
      expect(foreign).toEqual({ code: 'not-found', message: MEMBERSHIP_MESSAGES.membershipNotFound });
      expect(foreign).toEqual(await refusal(replace(missingId('mbr'))));
      expect((await membershipRow(t, membershipId)).testCard).toBe('pays');
    });
  });

  async function membershipTierPrice(tierId: string) {
    const [tier] = await t.db.select({ cents: membershipTiers.monthlyPriceCents }).from(membershipTiers).where(eq(membershipTiers.id, tierId));
    return tier?.cents;
  }
});
