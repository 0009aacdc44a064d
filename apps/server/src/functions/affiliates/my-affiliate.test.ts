import { AFFILIATE_CODE_ALPHABET, AFFILIATE_LIMITS, AFFILIATE_MESSAGES, MESSAGES, type MyAffiliate } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { joinAffiliateProgram } from '#src/domain/affiliates/join-affiliate-program.ts';
import { affiliateCommissions, affiliateInvites, affiliatePayouts, affiliateProductRates, affiliates } from '#src/db/schema/index.ts';
import { DAY_MS, resultOf, seedAffiliateProgram, seedCommission, seedStoreAffiliate, seedTraffic, signedInMember, type TestMember } from '#src/testing/affiliate-accounts.ts';
import { callFunction, seen, type Caller } from '#src/testing/call-function.ts';
import { insertProduct } from '#src/testing/checkout.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';

const clock = manualClock(new Date('2030-09-15T15:00:00.000Z'));
const at = (days: number) => new Date(clock.now().getTime() + days * DAY_MS);
const CODE = new RegExp(`^[${AFFILIATE_CODE_ALPHABET}]{${AFFILIATE_LIMITS.codeLength}}$`);

describe('getMyAffiliate and applyAsAffiliate (the members area)', () => {
  let t: TestApp;
  let shop: SeededStore;
  let other: SeededStore;
  let products: { zine: { id: string; slug: string }; course: { id: string; slug: string } };

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    shop = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    other = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    const zine = await insertProduct(t, shop.id, { title: 'Risograph Zine' });
    const course = await insertProduct(t, shop.id, { title: 'Glaze Course' });
    await insertProduct(t, shop.id, { title: 'Draft', status: 'draft' });
    await insertProduct(t, shop.id, { title: 'Archived', status: 'archived' });
    await insertProduct(t, shop.id, { title: 'Newsletter', type: 'link', priceMode: 'free', priceCents: 0 });
    products = { zine, course };
  });
  afterAll(() => t?.close());

  const mine = (who: Caller, storeId = shop.id) => callFunction(t.app, 'getMyAffiliate', { storeId }, { as: who });
  const apply = (who: Caller, storeId = shop.id) => callFunction(t.app, 'applyAsAffiliate', { storeId }, { as: who });
  const view = (reply: ReturnType<typeof mine>) => resultOf<MyAffiliate>(reply);
  const rowOf = async (member: TestMember, storeId = shop.id) =>
    (await t.db.select().from(affiliates).where(and(eq(affiliates.storeId, storeId), eq(affiliates.customerId, member.id))))[0];

  it('while the program is off: no program, no account, and applying is refused without writing', async () => {
    const member = await signedInMember(t, shop.id, { now: clock.now() });
    expect(await view(mine(member))).toEqual({ program: null, affiliate: null });
    expect(seen(await apply(member))).toEqual({ status: 400, body: { error: { status: 'FAILED_PRECONDITION', message: AFFILIATE_MESSAGES.programClosed } } });
    expect(await rowOf(member)).toBeUndefined();
  });

  it('open program: the member joins active at once, with a code and links to the store and each published product', async () => {
    await seedAffiliateProgram(t, shop.id, { commissionPercent: 30, windowDays: 60, holdingDays: 10, joinMode: 'open' });
    await t.db.insert(affiliateProductRates).values({ productId: products.course.id, storeId: shop.id, commissionPercent: 45 });
    const member = await signedInMember(t, shop.id, { now: clock.now() });
    expect(await view(mine(member))).toEqual({ program: { enabled: true, commissionPercent: 30, joinMode: 'open', holdingDays: 10, windowDays: 60 }, affiliate: null });
    const joined = await view(apply(member));
    const code = joined.affiliate!.code;
    expect(code).toMatch(CODE);
    expect(joined.affiliate).toEqual({
      id: expect.stringMatching(/^aff_/),
      code,
      status: 'active',
      createdAt: clock.now().toISOString(),
      links: {
        store: `${TEST_PUBLIC_URL}/${shop.slug}?ref=${code}`,
        products: [
          { productId: products.zine.id, title: 'Risograph Zine', url: `${TEST_PUBLIC_URL}/${shop.slug}/p/${products.zine.slug}?ref=${code}`, commissionPercent: 30 },
          { productId: products.course.id, title: 'Glaze Course', url: `${TEST_PUBLIC_URL}/${shop.slug}/p/${products.course.slug}?ref=${code}`, commissionPercent: 45 },
        ],
      },
      stats: { visits: 0, signups: 0, sales: 0, revenueCents: 0 },
      earnings: [],
      commissions: [],
      payouts: [],
    });
    expect(await rowOf(member)).toMatchObject({ status: 'active', invited: false, approvedAt: clock.now() });
    // Applying again answers the same account.
    clock.advance(60_000);
    const again = await view(apply(member));
    expect(again.affiliate).toMatchObject({ id: joined.affiliate!.id, code });
    expect(await view(mine(member))).toEqual(again);
  });

  it('two applications at once make one account', async () => {
    const member = await signedInMember(t, shop.id, { now: clock.now() });
    const replies = await Promise.all([apply(member), apply(member), apply(member)]);
    const ids = replies.map((reply) => (reply.json().result as MyAffiliate).affiliate?.id);
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(ids).size).toBe(1);
    expect(await t.db.select().from(affiliates).where(eq(affiliates.customerId, member.id))).toHaveLength(1);
  });

  it('a code already taken (in any store) is replaced by another', async () => {
    const taken = await seedStoreAffiliate(t, other.id, { now: clock.now() });
    const codes = [taken.code, taken.code, 'FRESHCDE'];
    const member = await signedInMember(t, shop.id, { now: clock.now() });
    await joinAffiliateProgram(t.db, { storeId: shop.id, customerId: member.id, now: clock.now(), newCode: () => codes.shift()! });
    expect(codes).toEqual([]);
    expect((await view(apply(member))).affiliate).toMatchObject({ code: 'FRESHCDE', status: 'active' });
  });

  it('approval program: the member waits pending; an invited email joins active and the invite is accepted', async () => {
    await seedAffiliateProgram(t, shop.id, { commissionPercent: 30, joinMode: 'approval' });
    const applicant = await signedInMember(t, shop.id, { now: clock.now() });
    expect((await view(apply(applicant))).affiliate?.status).toBe('pending');
    expect(await rowOf(applicant)).toMatchObject({ status: 'pending', invited: false, approvedAt: null });

    const invited = await signedInMember(t, shop.id, { now: clock.now(), email: 'invited@example.com' });
    const { invite } = await resultOf<{ invite: { id: string } }>(callFunction(t.app, 'inviteAffiliate', { storeId: shop.id, email: 'Invited@Example.com' }, { as: shop.owner }));
    // An invitation of the same address by another store does not count here.
    const elsewhere = await signedInMember(t, shop.id, { now: clock.now(), email: 'elsewhere@example.com' });
    await t.db.insert(affiliateInvites).values({ id: newId('afi'), storeId: other.id, email: 'elsewhere@example.com' });
    clock.advance(1000);
    expect((await view(apply(invited))).affiliate?.status).toBe('active');
    expect(await rowOf(invited)).toMatchObject({ status: 'active', invited: true, approvedAt: clock.now() });
    expect((await t.db.select().from(affiliateInvites).where(eq(affiliateInvites.id, invite.id)))[0]?.acceptedAt).toEqual(clock.now());
    expect((await view(apply(elsewhere))).affiliate?.status).toBe('pending');
  });

  it('a removed affiliate cannot rejoin, but still sees their account', async () => {
    const member = await signedInMember(t, shop.id, { now: clock.now() });
    await seedStoreAffiliate(t, shop.id, { member, status: 'removed' });
    expect(seen(await apply(member))).toEqual({ status: 400, body: { error: { status: 'FAILED_PRECONDITION', message: AFFILIATE_MESSAGES.removedAffiliate } } });
    expect((await view(mine(member))).affiliate?.status).toBe('removed');
    expect(await rowOf(member)).toMatchObject({ status: 'removed' });
  });

  it('shows the caller’s own stats, earnings per currency, commissions and payouts, and nobody else’s', async () => {
    const me = await seedStoreAffiliate(t, shop.id, { now: clock.now() });
    const neighbour = await seedStoreAffiliate(t, shop.id, { now: clock.now() });
    await seedTraffic(t, { storeId: shop.id, affiliateId: me.id, code: me.code, counted: 2, ignored: 1, signups: 1 });
    await seedTraffic(t, { storeId: shop.id, affiliateId: neighbour.id, code: neighbour.code, counted: 9, signups: 3 });
    const c = (extra: Partial<Parameters<typeof seedCommission>[1]>) => seedCommission(t, { storeId: shop.id, affiliateId: me.id, holdUntil: at(-1), ...extra });
    const pending = await c({ orderCents: 5000, amountCents: 1000, holdUntil: at(5), createdAt: at(-1) });
    const payable = await c({ orderCents: 2000, amountCents: 400, createdAt: at(-2) });
    const paid = await c({ orderCents: 3000, amountCents: 900, createdAt: at(-3) });
    await c({ orderCents: 1000, refundedCents: 1000, amountCents: 200, reversedCents: 200, createdAt: at(-4) });
    await c({ orderCents: 9000, currency: 'EUR', amountCents: 1800, createdAt: at(-5) });
    const payoutId = newId('afp');
    await t.db.insert(affiliatePayouts).values({ id: payoutId, storeId: shop.id, affiliateId: me.id, amountCents: 900, currency: 'USD', commissionCount: 1, method: 'manual', note: 'June', createdAt: at(-1) });
    await t.db.update(affiliateCommissions).set({ payoutId }).where(eq(affiliateCommissions.id, paid.id));
    await seedCommission(t, { storeId: shop.id, affiliateId: neighbour.id, holdUntil: at(-1), amountCents: 7777 });

    const { affiliate } = await view(mine(me.member));
    expect(affiliate!.stats).toEqual({ visits: 2, signups: 1, sales: 4, revenueCents: 5000 + 2000 + 3000 });
    expect(affiliate!.earnings).toEqual([
      { currency: 'USD', pendingCents: 1000, payableCents: 400, paidCents: 900 },
      { currency: 'EUR', pendingCents: 0, payableCents: 1800, paidCents: 0 },
    ]);
    expect(affiliate!.commissions).toHaveLength(5);
    expect(affiliate!.commissions.slice(0, 3).map((row) => [row.id, row.status])).toEqual([
      [pending.id, 'pending'],
      [payable.id, 'payable'],
      [paid.id, 'paid'],
    ]);
    expect(affiliate!.commissions[0]).not.toHaveProperty('affiliateName');
    expect(affiliate!.commissions.every((row) => row.affiliateId === me.id)).toBe(true);
    expect(affiliate!.payouts).toEqual([{ id: payoutId, affiliateId: me.id, amountCents: 900, currency: 'USD', commissionCount: 1, method: 'manual', note: 'June', createdAt: at(-1).toISOString() }]);
  });

  it('once the program is turned off, the account (and what it earned) stays visible without the terms', async () => {
    const member = await signedInMember(t, shop.id, { now: clock.now() });
    const joinedBefore = (await view(apply(member))).affiliate!;
    await seedAffiliateProgram(t, shop.id, { enabled: false });
    const after = await view(mine(member));
    expect(after.program).toBeNull();
    expect(after.affiliate).toMatchObject({ id: joinedBefore.id, code: joinedBefore.code });
    expect(seen(await apply(member))).toMatchObject({ status: 400, body: { error: { message: AFFILIATE_MESSAGES.programClosed } } });
    await seedAffiliateProgram(t, shop.id, { enabled: true });
  });

  describe('store A and store B', () => {
    it('one email at two stores is two accounts: an affiliate of A sees nothing of B', async () => {
      await seedAffiliateProgram(t, other.id, { joinMode: 'open' });
      const atA = await seedStoreAffiliate(t, shop.id, { now: clock.now(), email: 'both@example.com' });
      await seedCommission(t, { storeId: shop.id, affiliateId: atA.id, holdUntil: at(-1), amountCents: 1234 });
      const atB = await signedInMember(t, other.id, { now: clock.now(), email: 'both@example.com' });
      expect(await view(mine(atB, other.id))).toEqual({ program: expect.objectContaining({ enabled: true }), affiliate: null });
      // A's session names B: no customer of B is signed in.
      expect(seen(await mine(atA.member, other.id))).toEqual({ status: 401, body: { error: { status: 'UNAUTHENTICATED', message: MESSAGES.generic.unauthenticated } } });
      expect(seen(await apply(atA.member, other.id)).status).toBe(401);
      // Joining at B makes a second, separate account with its own code.
      const joinedB = (await view(apply(atB, other.id))).affiliate!;
      expect(joinedB).toMatchObject({ status: 'active', earnings: [], commissions: [], stats: { sales: 0 } });
      expect(joinedB.code).not.toBe(atA.code);
      expect(joinedB.links.store).toBe(`${TEST_PUBLIC_URL}/${other.slug}?ref=${joinedB.code}`);
      expect((await view(mine(atA.member))).affiliate!.earnings).toEqual([{ currency: 'USD', pendingCents: 0, payableCents: 1234, paidCents: 0 }]);
    });

    it('refuses the signed out and a creator', async () => {
      expect(seen(await mine({ headers: {} })).status).toBe(401);
      expect(seen(await apply(shop.owner)).status).toBe(401);
    });
  });
});
