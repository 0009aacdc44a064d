import { COMMERCE_MESSAGES, MEMBERSHIP_LIMITS as L, MEMBERSHIP_MESSAGES as M, type Member } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { membershipInvoices } from '#src/db/schema/index.ts';
import { exportMembersCsv } from '#src/domain/memberships/creator/export-members-csv.ts';
import { findMemberAccess } from '#src/domain/memberships/find-member-access.ts';
import { card, CARDS, invoicesOf, membershipRow, testClockDriver } from '#src/testing/memberships.ts';
import { addInterval } from '#src/domain/memberships/membership-rules.ts';
import { recordMembershipEvent } from '#src/domain/memberships/record-membership-event.ts';
import { replaceTestMembershipCard } from '#src/domain/memberships/replace-test-membership-card.ts';
import { missingId } from '#src/testing/affiliate-accounts.ts';
import { seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedCustomer } from '#src/testing/orders.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { call, join, newMembership, newTier, ok, type Shop } from './membership-fixtures.ts';

type MemberPage = { members: Member[]; total: number; page: number; pageSize: number; currency: string };
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('members: list, export, cancel, refund', () => {
  const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
  let t: TestApp;
  let shop: Shop;
  let other: Shop;
  let driver: ReturnType<typeof testClockDriver>;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    driver = testClockDriver(t, clock.now);
    const owner = await signedInCreator(t, { now: clock.now() });
    shop = { owner, storeId: (await createStoreAs(t, owner, 'member-shop')).id };
    const stranger = await signedInCreator(t, { now: clock.now() });
    other = { owner: stranger, storeId: (await createStoreAs(t, stranger, 'member-other')).id };
  });
  afterAll(() => t?.close());

  const list = (productId: string, filters: Record<string, unknown> = {}) => ok<MemberPage>(call(t, shop, 'listMembers', { productId, ...filters }));
  const cancel = (membershipId: string, when: 'period_end' | 'now') => call(t, shop, 'cancelMember', { membershipId, when });
  const refund = (membershipId: string) => call(t, shop, 'refundMemberLastPayment', { membershipId });
  const refusal = async (reply: ReturnType<typeof call>) => {
    const response = await reply;
    return { status: response.statusCode, message: (response.json() as { error: { message: string } }).error.message };
  };
  const tick = () => clock.advance(MINUTE);

  /** A membership with a paying monthly tier (setup fee) and a yearly tier with a trial. */
  async function club() {
    const product = await newMembership(t, shop);
    const monthly = await newTier(t, shop, product.id, { name: 'Monthly', monthlyPriceCents: 500, setupFeeCents: 100 });
    const yearly = await newTier(t, shop, product.id, { name: 'Yearly', monthlyPriceCents: null, yearlyPriceCents: 5000, trialDays: 7 });
    return { product, monthly, yearly };
  }

  it('lists each member with tier, status, lifetime value and next charge, newest first; filters by tier, status and email', async () => {
    const { product, monthly, yearly } = await club();
    const alice = await join(t, shop, monthly.id, clock.now(), { email: 'alice@example.com', name: 'Alice' });
    tick();
    const bob = await join(t, shop, yearly.id, clock.now(), { email: 'bob_b@example.com', name: 'Bob', interval: 'year' });
    const aliceRow = await membershipRow(t, alice.membershipId);
    const bobRow = await membershipRow(t, bob.membershipId);

    const page = await list(product.id);
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: L.membersPageSize, currency: 'USD' });
    expect(page.members).toEqual([
      {
        id: bob.membershipId,
        customer: { id: bob.customer.id, email: 'bob_b@example.com', name: 'Bob' },
        tier: { id: yearly.id, name: 'Yearly' },
        status: 'trialing',
        cancelAtPeriodEnd: false,
        interval: 'yearly',
        priceCents: 5000,
        currency: 'USD',
        since: bobRow.createdAt.toISOString(),
        periodEnd: bobRow.trialEnd!.toISOString(),
        pausedAt: null,
        lastCharge: null,
        lifetimeValueCents: 0,
        nextCharge: { at: bobRow.trialEnd!.toISOString(), amountCents: 5000 },
        endedAt: null,
        provider: 'test',
        subscriptionId: bobRow.providerSubscriptionId,
      },
      expect.objectContaining({ id: alice.membershipId, status: 'active', interval: 'monthly', lifetimeValueCents: 600, nextCharge: { at: aliceRow.currentPeriodEnd.toISOString(), amountCents: 500 } }),
    ]);

    expect((await list(product.id, { tierId: monthly.id })).members.map((row) => row.id)).toEqual([alice.membershipId]);
    expect((await list(product.id, { status: 'trialing' })).members.map((row) => row.id)).toEqual([bob.membershipId]);
    expect((await list(product.id, { search: 'ALICE@' })).members.map((row) => row.id)).toEqual([alice.membershipId]);
    // `_` is a letter here, not a wildcard: "b_b" finds bob_b, "e_e" finds nobody.
    expect((await list(product.id, { search: 'b_b' })).total).toBe(1);
    expect((await list(product.id, { search: 'e_e' })).total).toBe(0);
    expect((await list(product.id, { tierId: missingId('mtr') })).members).toEqual([]);
  });

  it(`pages ${L.membersPageSize} members at a time`, async () => {
    const { product, monthly } = await club();
    for (let i = 0; i <= L.membersPageSize; i++) await join(t, shop, monthly.id, clock.now());
    const first = await list(product.id);
    const second = await list(product.id, { page: 2 });
    expect([first.members.length, second.members.length, first.total, second.total]).toEqual([L.membersPageSize, 1, L.membersPageSize + 1, L.membersPageSize + 1]);
    expect(new Set([...first.members, ...second.members].map((row) => row.id)).size).toBe(L.membersPageSize + 1);
  });

  it('shows a renewal in the lifetime value, and a failed one as past due with the retry as next charge', async () => {
    const { product, monthly } = await club();
    const { membershipId } = await join(t, shop, monthly.id, clock.now());
    const periodEnd = (await membershipRow(t, membershipId)).currentPeriodEnd;
    await driver.moveTo(shop.storeId, new Date(periodEnd.getTime() + MINUTE));
    expect((await list(product.id)).members[0]).toMatchObject({ lifetimeValueCents: 1100, nextCharge: { at: addInterval(periodEnd, 'month').toISOString(), amountCents: 500 } });

    await replaceTestMembershipCard({ db: t.db, now: clock.now() }, { storeId: shop.storeId, membershipId, card: card(CARDS.declinesLater) });
    const next = addInterval(periodEnd, 'month');
    await driver.moveTo(shop.storeId, new Date(next.getTime() + MINUTE));
    expect((await list(product.id)).members[0]).toMatchObject({ status: 'past_due', lifetimeValueCents: 1100, nextCharge: { at: new Date(next.getTime() + DAY).toISOString(), amountCents: 500 } });
  });

  it('exports the filtered members as CSV, subscription ids included, formulas neutralised, and says when it stopped at the limit', async () => {
    const { product, monthly } = await club();
    const hostile = await join(t, shop, monthly.id, clock.now(), { email: 'eve@example.com', name: '=HYPERLINK("http://x")' });
    await join(t, shop, monthly.id, clock.now(), { email: 'zed@example.com', name: 'Zed, Jr.' });
    await join(t, shop, monthly.id, clock.now(), { email: 'amy@example.com', name: 'Amy' });

    const all = await ok<{ filename: string; csv: string; rows: number; truncated: boolean }>(call(t, shop, 'exportMembersCsv', { productId: product.id }));
    const lines = all.csv.trimEnd().split('\n');
    expect(all).toMatchObject({ filename: expect.stringMatching(/^member-shop-.+-members\.csv$/), rows: 3, truncated: false });
    expect(lines[0]).toBe('Email,Name,Tier,Status,Cancels at period end,Billing,Price,Currency,Member since,Lifetime value,Next charge at,Next charge amount,Period end,Paused since,Last charge at,Last charge amount,Ended at,Provider,Subscription id');
    const eve = await membershipRow(t, hostile.membershipId);
    const [eveCharge] = await invoicesOf(t, hostile.membershipId);
    expect(lines).toContain(
      `eve@example.com,"'=HYPERLINK(""http://x"")",Monthly,active,no,monthly,5.00,USD,${eve.createdAt.toISOString()},6.00,${eve.currentPeriodEnd.toISOString()},5.00,${eve.currentPeriodEnd.toISOString()},,${eveCharge!.periodStart.toISOString()},6.00,,test,${eve.providerSubscriptionId}`,
    );
    expect(lines.some((line) => line.startsWith('zed@example.com,"Zed, Jr.",'))).toBe(true);

    const filtered = await ok<{ rows: number; csv: string }>(call(t, shop, 'exportMembersCsv', { productId: product.id, search: 'amy' }));
    expect(filtered.rows).toBe(1);
    const input = { userId: shop.owner.userId, storeId: shop.storeId, productId: product.id };
    expect(await exportMembersCsv(t.db, input, { maxRows: 3 })).toMatchObject({ rows: 3, truncated: false });
    expect(await exportMembersCsv(t.db, input, { maxRows: 2 })).toMatchObject({ rows: 2, truncated: true });
  });

  it('cancels at period end: access until then, no further charge; asking again changes nothing', async () => {
    const { monthly } = await club();
    const { customer, membershipId } = await join(t, shop, monthly.id, clock.now());
    const periodEnd = (await membershipRow(t, membershipId)).currentPeriodEnd;
    const answer = await ok<Member>(cancel(membershipId, 'period_end'));
    expect(answer).toMatchObject({ id: membershipId, status: 'active', cancelAtPeriodEnd: true, nextCharge: null });
    expect(await ok<Member>(cancel(membershipId, 'period_end'))).toEqual(answer);

    const access = async () => (await findMemberAccess(t.db, { storeId: shop.storeId, customerId: customer.id, now: clock.now() })).length;
    await driver.moveTo(shop.storeId, new Date(periodEnd.getTime() - MINUTE));
    expect(await access()).toBe(1);
    await driver.moveTo(shop.storeId, new Date(periodEnd.getTime() + MINUTE));
    expect(await access()).toBe(0);
    expect(await membershipRow(t, membershipId)).toMatchObject({ status: 'ended', cancelReason: null });
    expect(await invoicesOf(t, membershipId)).toHaveLength(1);
  });

  it('cancels now: ended at once, the queued renewal charges nothing; an ended member cannot be cancelled again', async () => {
    const { monthly } = await club();
    const { customer, membershipId } = await join(t, shop, monthly.id, clock.now());
    const periodEnd = (await membershipRow(t, membershipId)).currentPeriodEnd;
    const answer = await ok<Member>(cancel(membershipId, 'now'));
    expect(answer).toMatchObject({ status: 'ended', nextCharge: null, endedAt: expect.any(String) });
    expect(await findMemberAccess(t.db, { storeId: shop.storeId, customerId: customer.id, now: clock.now() })).toEqual([]);
    await driver.moveTo(shop.storeId, new Date(periodEnd.getTime() + MINUTE));
    expect(await invoicesOf(t, membershipId)).toHaveLength(1);
    for (const when of ['now', 'period_end'] as const) expect(await refusal(cancel(membershipId, when))).toEqual({ status: 400, message: M.memberEnded });
  });

  it('refunds the last payment once, and takes it out of the lifetime value; a trial has nothing to refund', async () => {
    const { product, monthly, yearly } = await club();
    const trial = await join(t, shop, yearly.id, clock.now(), { interval: 'year' });
    expect(await refusal(refund(trial.membershipId))).toEqual({ status: 400, message: M.nothingToRefund });

    const { membershipId } = await join(t, shop, monthly.id, clock.now());
    const [invoice] = await t.db.select().from(membershipInvoices).where(eq(membershipInvoices.membershipId, membershipId));
    const result = await ok<{ member: Member; refund: { invoiceId: string; amountCents: number; currency: string } }>(refund(membershipId));
    expect(result.refund).toEqual({ invoiceId: invoice!.id, amountCents: 600, currency: 'USD' });
    expect(result.member).toMatchObject({ id: membershipId, status: 'active', lifetimeValueCents: 0 });
    expect(await refusal(refund(membershipId))).toEqual({ status: 400, message: M.alreadyRefunded });
    expect((await list(product.id, { tierId: monthly.id })).members[0]).toMatchObject({ lifetimeValueCents: 0 });
  });

  // Cancelling and refunding on Stripe itself: domain/memberships/stripe/stripe-creator-requests.test.ts.
  it('a Stripe member on a server without Stripe settings: cancel and refund are refused plainly and change nothing', async () => {
    const { monthly } = await club();
    const customer = await seedCustomer(t, shop.storeId);
    const start = { currentPeriodStart: clock.now(), currentPeriodEnd: addInterval(clock.now(), 'month'), trialEnd: null };
    const { membership } = await recordMembershipEvent(
      t.db,
      {
        provider: 'stripe',
        eventId: `evt_${newId('x')}`,
        providerSubscriptionId: `sub_${newId('x')}`,
        createdAt: clock.now(),
        type: 'created',
        membership: { storeId: shop.storeId, productId: monthly.productId, tierId: monthly.id, customerId: customer.id, status: 'active', interval: 'month', priceCents: 500, currency: 'USD', setupFeeCents: 0, ...start },
      },
      clock.now(),
    );
    await t.db.insert(membershipInvoices).values({ id: newId('min'), membershipId: membership!.id, storeId: shop.storeId, amountCents: 500, currency: 'USD', status: 'paid', periodStart: clock.now(), periodEnd: start.currentPeriodEnd, attempt: 0, providerInvoiceId: 'in_1' });
    expect(await refusal(cancel(membership!.id, 'now'))).toEqual({ status: 400, message: COMMERCE_MESSAGES.stripeNotConfigured });
    expect(await refusal(refund(membership!.id))).toEqual({ status: 400, message: COMMERCE_MESSAGES.stripeNotConfigured });
    expect(await membershipRow(t, membership!.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });

  describe('another creator’s ids answer exactly like missing ones and change nothing', () => {
    let theirs: { productId: string; membershipId: string };
    beforeAll(async () => {
      const product = await newMembership(t, other, 'Their Club');
      const tier = await newTier(t, other, product.id);
      theirs = { productId: product.id, membershipId: (await join(t, other, tier.id, clock.now())).membershipId };
    });
    const cases: [string, (ids: { productId: string; membershipId: string }) => Record<string, unknown>][] = [
      ['listMembers', (ids) => ({ productId: ids.productId })],
      ['exportMembersCsv', (ids) => ({ productId: ids.productId })],
      ['cancelMember', (ids) => ({ membershipId: ids.membershipId, when: 'now' })],
      ['refundMemberLastPayment', (ids) => ({ membershipId: ids.membershipId })],
    ];
    it.each(cases)('%s', async (name, data) => {
      const missing = seen(await call(t, shop, name, data({ productId: missingId('prd'), membershipId: missingId('mbr') })));
      const foreign = seen(await call(t, shop, name, data(theirs)));
      expect(foreign.status).toBe(404);
      expect(foreign).toEqual(missing);
      expect(await membershipRow(t, theirs.membershipId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
      expect((await invoicesOf(t, theirs.membershipId)).length).toBe(1);
      const [row] = await t.db.select({ refundedAt: membershipInvoices.refundedAt }).from(membershipInvoices).where(eq(membershipInvoices.membershipId, theirs.membershipId));
      expect(row?.refundedAt).toBeNull();
    });
  });
});
