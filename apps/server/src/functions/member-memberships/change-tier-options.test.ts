import { MEMBERSHIP_MESSAGES as M, type MyMembership } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { joinAsMember, membershipRow, resultOf, siblingTier, startJoin, payMembership, CARDS } from './member-memberships-fixtures.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));

describe('the tiers a member can move to', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t?.close());

  const mine = async (call: Awaited<ReturnType<typeof joinAsMember>>['call'], storeId: string) =>
    (await resultOf<{ memberships: MyMembership[] }>(call('listMyMemberships', { storeId }))).memberships[0]!;

  /** Another visitor joins `tierId` through the front door. */
  async function fill(storeId: string, tierId: string) {
    const started = await startJoin(t, { storeId, tierId, email: `filler-${Math.random().toString(36).slice(2, 8)}@example.com` });
    expect((await payMembership(t, started.json().result.checkoutId, CARDS.pays)).statusCode).toBe(303);
  }

  it('lists the product’s other live tiers in order with the price for the member’s interval, and which are full', async () => {
    const member = await joinAsMember(t, clock.now);
    const { storeId, tier } = member;
    const gold = await siblingTier(t, tier, { name: 'Gold', position: 3, monthlyPriceCents: null, yearlyPriceCents: 50_000 });
    const patron = await siblingTier(t, tier, { name: 'Patron', position: 1, memberLimit: 2 });
    await siblingTier(t, tier, { name: 'Retired', position: 2, archivedAt: clock.now() });

    // One place of two taken: not full.
    await fill(storeId, patron.id);
    expect((await mine(member.call, storeId)).otherTiers).toEqual([
      { id: patron.id, name: 'Patron', priceCents: 2000, full: false },
      { id: gold.id, name: 'Gold', priceCents: null, full: false },
    ]);
    // The second place taken: full, and the server refuses the move with the same words as joining.
    await fill(storeId, patron.id);
    expect((await mine(member.call, storeId)).otherTiers[0]).toEqual({ id: patron.id, name: 'Patron', priceCents: 2000, full: true });
    const ask = { storeId, membershipId: member.membership.id, tierId: patron.id };
    for (const name of ['previewMembershipChange', 'changeMyMembershipTier']) {
      const refused = await member.call(name, ask);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).message).toBe(M.tierFull);
    }
    expect(await membershipRow(t, member.membership.id)).toMatchObject({ tierId: tier.id, priceCents: 900 });
    // A tier not offered for the member's interval is refused too.
    expect(errorOf(await member.call('changeMyMembershipTier', { ...ask, tierId: gold.id })).message).toBe(M.noMonthlyPrice);
  });

  it('a move frees a place in the tier left: it is no longer full for the next member', async () => {
    const first = await joinAsMember(t, clock.now, { tier: { memberLimit: 1 } });
    const patron = await siblingTier(t, first.tier);
    const before = await mine(first.call, first.storeId);
    expect(before.otherTiers).toEqual([{ id: patron.id, name: 'Patron', priceCents: 2000, full: false }]);
    await resultOf(first.call('changeMyMembershipTier', { storeId: first.storeId, membershipId: first.membership.id, tierId: patron.id }));
    // The limited tier the member left has its place back.
    const after = await mine(first.call, first.storeId);
    expect(after.otherTiers).toEqual([{ id: first.tier.id, name: 'Supporter', priceCents: 900, full: false }]);
  });
});
