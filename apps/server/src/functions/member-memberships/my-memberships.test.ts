import { CARD_MESSAGES, type MembershipChangePreview, type MyMembership } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMemberAccess } from '#src/domain/memberships/find-member-access.ts';
import { errorOf } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { card, CARDS, joinAsMember, membershipRow, resultOf, siblingTier, testClock } from './member-memberships-fixtures.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const at = (iso: string) => new Date(iso);

describe('the member’s own memberships in the members area', () => {
  let t: TestApp;
  let driver: ReturnType<typeof testClock>;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    driver = testClock(t, clock.now);
  });
  afterAll(() => t?.close());

  /** A visitor joins through the front door; answers their members-area caller and membership. */
  const join = (options: Parameters<typeof joinAsMember>[2] = {}) => joinAsMember(t, clock.now, options);
  const result = resultOf;

  it('lists the tier, status, price, next charge and invoices newest first; another customer sees none of it', async () => {
    const { storeId, tier, membership, call } = await join({ tier: { setupFeeCents: 500 } });
    await driver.moveTo(storeId, at('2030-07-01T12:01:00.000Z'));
    const { memberships } = await result<{ memberships: MyMembership[] }>(call('listMyMemberships', { storeId }));
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({
      id: membership.id,
      tier: { id: tier.id, name: 'Supporter' },
      status: 'active',
      interval: 'monthly',
      priceCents: 900,
      currency: 'USD',
      currentPeriodEnd: '2030-08-01T12:00:00.000Z',
      trialEnd: null,
      cancelAtPeriodEnd: false,
      nextCharge: { at: '2030-08-01T12:00:00.000Z', amountCents: 900 },
    });
    expect(memberships[0]!.invoices.map((invoice) => [invoice.periodStart, invoice.amountCents, invoice.kind])).toEqual([
      ['2030-07-01T12:00:00.000Z', 900, 'period'],
      ['2030-06-01T12:00:00.000Z', 1400, 'period'],
    ]);

    const neighbour = await join({ storeId });
    expect((await result<{ memberships: MyMembership[] }>(neighbour.call('listMyMemberships', { storeId }))).memberships.map((row) => row.id)).toEqual([neighbour.membership.id]);
  });

  it('a trialing member sees the trial end and the first charge (with the setup fee) at its end', async () => {
    const { storeId, call } = await join({ tier: { trialDays: 7, setupFeeCents: 500 } });
    const [row] = (await result<{ memberships: MyMembership[] }>(call('listMyMemberships', { storeId }))).memberships;
    const trialEnd = new Date(clock.now().getTime() + 7 * DAY).toISOString();
    expect(row).toMatchObject({ status: 'trialing', trialEnd, nextCharge: { at: trialEnd, amountCents: 1400 }, invoices: [] });
  });

  it('cancel at period end: access until the end (a minute before and after), nothing charged, then ended', async () => {
    const { storeId, membership, call, customerId } = await join();
    const periodEnd = membership.currentPeriodEnd;
    const cancelled = await result<{ membership: MyMembership }>(call('cancelMyMembership', { storeId, membershipId: membership.id, reason: 'Too busy this summer' }));
    expect(cancelled.membership).toMatchObject({ cancelAtPeriodEnd: true, cancelReason: 'Too busy this summer', nextCharge: null, accessUntil: periodEnd.toISOString() });
    // Asking twice answers the same.
    expect((await result<{ membership: MyMembership }>(call('cancelMyMembership', { storeId, membershipId: membership.id }))).membership.cancelReason).toBe('Too busy this summer');

    const access = async () => (await findMemberAccess(t.db, { storeId, customerId, now: clock.now() })).length > 0;
    await driver.moveTo(storeId, new Date(periodEnd.getTime() - MINUTE));
    expect(await access()).toBe(true);
    expect((await result<{ memberships: MyMembership[] }>(call('listMyMemberships', { storeId }))).memberships[0]!.accessUntil).toBe(periodEnd.toISOString());
    await driver.moveTo(storeId, new Date(periodEnd.getTime() + MINUTE));
    expect(await access()).toBe(false);
    expect(await membershipRow(t, membership.id)).toMatchObject({ status: 'ended' });
    const [ended] = (await result<{ memberships: MyMembership[] }>(call('listMyMemberships', { storeId }))).memberships;
    expect(ended).toMatchObject({ status: 'ended', accessUntil: null, nextCharge: null });
    expect(ended!.invoices).toHaveLength(1);
    const resumed = await call('resumeMyMembership', { storeId, membershipId: membership.id });
    expect(errorOf(resumed).message).toBe('This membership has ended.');
  });

  it('resume before the end: the cancellation is undone and the membership renews; after the end it cannot be resumed', async () => {
    const { storeId, membership, call } = await join();
    const periodEnd = membership.currentPeriodEnd;
    await result(call('cancelMyMembership', { storeId, membershipId: membership.id }));
    await driver.moveTo(storeId, new Date(periodEnd.getTime() - MINUTE));
    const resumed = await result<{ membership: MyMembership }>(call('resumeMyMembership', { storeId, membershipId: membership.id }));
    expect(resumed.membership).toMatchObject({ cancelAtPeriodEnd: false, cancelReason: null, nextCharge: { at: periodEnd.toISOString(), amountCents: 900 } });
    await driver.moveTo(storeId, new Date(periodEnd.getTime() + MINUTE));
    expect(await membershipRow(t, membership.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });

    // Cancelled again; the end passes before the renewal job has run: too late to resume.
    const next = (await membershipRow(t, membership.id)).currentPeriodEnd;
    await result(call('cancelMyMembership', { storeId, membershipId: membership.id }));
    await driver.moveTo(storeId, new Date(next.getTime() + MINUTE), { run: false });
    expect(errorOf(await call('resumeMyMembership', { storeId, membershipId: membership.id })).message).toBe('This membership has ended.');
  });

  it('prorates a tier change at a known clock time: half the period left credits half the old price and charges half the new', async () => {
    const { storeId, tier, membership, call } = await join();
    const patron = await siblingTier(t, tier);
    await driver.moveTo(storeId, at('2030-06-16T12:00:00.000Z'));
    const ask = { storeId, membershipId: membership.id, tierId: patron.id };
    const { preview } = await result<{ preview: MembershipChangePreview }>(call('previewMembershipChange', ask));
    expect(preview).toEqual({
      tier: { id: patron.id, name: 'Patron' },
      interval: 'monthly',
      priceCents: 2000,
      currency: 'USD',
      creditCents: 450,
      chargeCents: 1000,
      netCents: 550,
      currentPeriodEnd: '2030-07-01T12:00:00.000Z',
      at: '2030-06-16T12:00:00.000Z',
    });
    expect(await membershipRow(t, membership.id)).toMatchObject({ tierId: tier.id, priceCents: 900 });

    const upgraded = await result<{ membership: MyMembership; preview: MembershipChangePreview }>(call('changeMyMembershipTier', ask));
    expect(upgraded.preview.netCents).toBe(550);
    expect(upgraded.membership).toMatchObject({ tier: { id: patron.id, name: 'Patron' }, priceCents: 2000, currentPeriodEnd: '2030-07-01T12:00:00.000Z' });
    expect(upgraded.membership.invoices[0]).toMatchObject({ kind: 'proration', amountCents: 550, status: 'paid' });
    expect(errorOf(await call('changeMyMembershipTier', ask)).message).toBe('You are already on this tier.');

    // Eight of thirty days left, back down: credit 533 at the new price, charge 240 at the old one.
    await driver.moveTo(storeId, at('2030-06-23T12:00:00.000Z'));
    const down = await result<{ membership: MyMembership; preview: MembershipChangePreview }>(call('changeMyMembershipTier', { ...ask, tierId: tier.id }));
    expect(down.preview).toMatchObject({ creditCents: 533, chargeCents: 240, netCents: -293 });
    expect(down.membership.invoices.filter((invoice) => invoice.kind === 'proration').map((invoice) => invoice.amountCents)).toEqual([-293, 550]);

    // The next renewal charges the tier moved to, once, at the kept period end.
    await driver.moveTo(storeId, at('2030-07-01T12:01:00.000Z'));
    expect(await membershipRow(t, membership.id)).toMatchObject({ status: 'active', priceCents: 900, currentPeriodEnd: at('2030-08-01T12:00:00.000Z') });
  });

  it('an upgrade the card on file cannot pay changes nothing; during a trial a change costs nothing', async () => {
    const declining = await join({ tier: { trialDays: 3 }, cardNumber: CARDS.declinesLater });
    const patron = await siblingTier(t, declining.tier);
    const ask = { storeId: declining.storeId, membershipId: declining.membership.id, tierId: patron.id };
    const { preview } = await result<{ preview: MembershipChangePreview }>(declining.call('previewMembershipChange', ask));
    expect(preview).toMatchObject({ creditCents: 0, chargeCents: 0, netCents: 0 });
    const moved = await result<{ membership: MyMembership }>(declining.call('changeMyMembershipTier', ask));
    expect(moved.membership).toMatchObject({ tier: { id: patron.id }, priceCents: 2000, invoices: [] });

    const paying = await join({ cardNumber: CARDS.pays });
    const patron2 = await siblingTier(t, paying.tier);
    await result(paying.call('replaceMyMembershipCard', { storeId: paying.storeId, membershipId: paying.membership.id, card: card(CARDS.declinesLater) }));
    const refused = await paying.call('changeMyMembershipTier', { storeId: paying.storeId, membershipId: paying.membership.id, tierId: patron2.id });
    expect(errorOf(refused).message).toBe(CARD_MESSAGES.declined);
    expect(await membershipRow(t, paying.membership.id)).toMatchObject({ tierId: paying.tier.id, priceCents: 900 });
  });

  it('another customer’s membership, and another store’s, answer exactly like one that does not exist', async () => {
    const owner = await join();
    const patron = await siblingTier(t, owner.tier);
    const neighbour = await join({ storeId: owner.storeId });
    const elsewhere = await join();
    const missing = 'mbr_00000000000000000000';
    const calls: [string, Record<string, unknown>][] = [
      ['cancelMyMembership', {}],
      ['resumeMyMembership', {}],
      ['previewMembershipChange', { tierId: patron.id }],
      ['changeMyMembershipTier', { tierId: patron.id }],
      ['replaceMyMembershipCard', { card: card(CARDS.pays) }],
    ];
    for (const [name, extra] of calls) {
      for (const caller of [neighbour, elsewhere]) {
        const foreign = await caller.call(name, { storeId: caller.storeId, membershipId: owner.membership.id, ...extra });
        const none = await caller.call(name, { storeId: caller.storeId, membershipId: missing, ...extra });
        expect({ name, status: foreign.statusCode, body: foreign.json() }).toEqual({ name, status: none.statusCode, body: none.json() });
        expect(none.statusCode).toBe(404);
      }
    }
    expect(await membershipRow(t, owner.membership.id)).toMatchObject({ cancelAtPeriodEnd: false, tierId: owner.tier.id, testCard: 'pays' });
    // A session of one store is refused by another's members area.
    expect((await elsewhere.call('listMyMemberships', { storeId: owner.storeId })).statusCode).toBe(401);
  });

  it('replaces the card on file: a failing membership’s next retry uses the new card', async () => {
    const { storeId, membership, call } = await join({ tier: { trialDays: 7 }, cardNumber: CARDS.declinesLater });
    await driver.moveTo(storeId, new Date(membership.trialEnd!.getTime() + MINUTE));
    expect(await membershipRow(t, membership.id)).toMatchObject({ status: 'past_due' });
    const invalid = await result<{ kind: string }>(call('replaceMyMembershipCard', { storeId, membershipId: membership.id, card: { ...card(CARDS.pays), expiry: '01/20' } }));
    expect(invalid.kind).toBe('invalid');
    expect(await result(call('replaceMyMembershipCard', { storeId, membershipId: membership.id, card: card(CARDS.pays) }))).toEqual({ kind: 'replaced' });
    await driver.moveTo(storeId, new Date(membership.trialEnd!.getTime() + DAY + MINUTE));
    expect(await membershipRow(t, membership.id)).toMatchObject({ status: 'active' });
  });
});
