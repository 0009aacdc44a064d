import { AFFILIATE_MESSAGES, MESSAGES, type AffiliateInvite, type AffiliateSummary } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { affiliateCommissions, affiliateInvites, affiliatePayouts, affiliates, stores } from '#src/db/schema/index.ts';
import {
  DAY_MS,
  missingId,
  resultOf,
  seedAffiliateProgram,
  seedCommission,
  seedStoreAffiliate,
  seedTraffic,
  type TestAffiliate,
} from '#src/testing/affiliate-accounts.ts';
import { callFunction, seen } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';

const clock = manualClock(new Date('2030-06-10T12:00:00.000Z'));
const at = (days: number) => new Date(clock.now().getTime() + days * DAY_MS);

describe('listAffiliates, updateAffiliateStatus and inviteAffiliate', () => {
  let t: TestApp;
  let shop: SeededStore;
  let other: SeededStore;
  let busy: TestAffiliate;
  let quiet: TestAffiliate;
  let foreign: TestAffiliate;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    shop = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    other = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    await t.db.update(stores).set({ name: 'Ivy <b>&</b> Prints' }).where(eq(stores.id, shop.id));
    await seedAffiliateProgram(t, shop.id, { commissionPercent: 25, enabled: false });
    await seedAffiliateProgram(t, other.id);
    busy = await seedStoreAffiliate(t, shop.id, { name: 'Bea Busy', email: 'bea@example.com', createdAt: at(-10) });
    quiet = await seedStoreAffiliate(t, shop.id, { name: 'Quin Quiet', status: 'pending', createdAt: at(-5) });
    foreign = await seedStoreAffiliate(t, other.id, { name: 'Fay Foreign', email: 'bea@example.com' });

    await seedTraffic(t, { storeId: shop.id, affiliateId: busy.id, code: busy.code, counted: 3, ignored: 2, signups: 2 });
    const commission = (options: Omit<Parameters<typeof seedCommission>[1], 'storeId' | 'affiliateId'>) => seedCommission(t, { storeId: shop.id, affiliateId: busy.id, ...options });
    await commission({ orderCents: 10_000, amountCents: 2000, holdUntil: at(3) }); // pending
    await commission({ orderCents: 5000, refundedCents: 1000, amountCents: 1000, reversedCents: 200, holdUntil: at(-1) }); // payable 800
    const paid = await commission({ orderCents: 3000, amountCents: 600, holdUntil: at(-20) });
    await commission({ orderCents: 2500, refundedCents: 2500, amountCents: 500, reversedCents: 500, holdUntil: at(-1) }); // cancelled
    await commission({ orderCents: 4000, currency: 'EUR', amountCents: 800, holdUntil: at(-1) }); // payable, not the store's currency
    const payoutId = newId('afp');
    await t.db.insert(affiliatePayouts).values({ id: payoutId, storeId: shop.id, affiliateId: busy.id, amountCents: 600, currency: 'USD', commissionCount: 1, method: 'manual' });
    await t.db.update(affiliateCommissions).set({ payoutId }).where(eq(affiliateCommissions.id, paid.id));
    // The other store's affiliate has activity of its own, which must not show here.
    await seedTraffic(t, { storeId: other.id, affiliateId: foreign.id, code: foreign.code, counted: 7 });
    await seedCommission(t, { storeId: other.id, affiliateId: foreign.id, orderCents: 9000, amountCents: 1800, holdUntil: at(-1) });
  });
  afterAll(() => t?.close());

  const list = (store = shop) => resultOf<{ affiliates: AffiliateSummary[]; invites: AffiliateInvite[] }>(callFunction(t.app, 'listAffiliates', { storeId: store.id }, { as: store.owner }));
  const setStatus = (affiliateId: string, action: string, storeId = shop.id) => callFunction(t.app, 'updateAffiliateStatus', { storeId, affiliateId, action }, { as: shop.owner });
  const invite = (email: string, store = shop) => callFunction(t.app, 'inviteAffiliate', { storeId: store.id, email }, { as: store.owner });
  const statusOf = async (affiliateId: string) => (await t.db.select().from(affiliates).where(eq(affiliates.id, affiliateId)))[0];

  it('lists every affiliate of the store, newest first, with visits, signups, sales, revenue and money in the store’s currency', async () => {
    const { affiliates: rows, invites } = await list();
    expect(rows.map((row) => row.id)).toEqual([quiet.id, busy.id]);
    expect(rows[1]).toEqual({
      id: busy.id,
      customerId: busy.member.id,
      name: 'Bea Busy',
      email: 'bea@example.com',
      code: busy.code,
      status: 'active',
      invited: false,
      createdAt: at(-10).toISOString(),
      // Sales: every commission not cancelled (the EUR one too); revenue: USD orders net of refunds.
      stats: { visits: 3, signups: 2, sales: 4, revenueCents: 10_000 + 4000 + 3000 },
      currency: 'USD',
      owedCents: 2000 + 800,
      payableCents: 800,
      paidCents: 600,
    });
    expect(rows[0]).toMatchObject({ name: 'Quin Quiet', status: 'pending', stats: { visits: 0, signups: 0, sales: 0, revenueCents: 0 }, owedCents: 0, payableCents: 0, paidCents: 0 });
    expect(invites).toEqual([]);
  });

  it('the other store’s list holds only its own affiliate', async () => {
    const { affiliates: rows } = await list(other);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: foreign.id, stats: { visits: 7, signups: 0, sales: 1, revenueCents: 9000 }, payableCents: 1800 });
  });

  it('approves, pauses, resumes and removes, answering the affiliate', async () => {
    const approved = await resultOf<{ affiliate: AffiliateSummary }>(setStatus(quiet.id, 'approve'));
    expect(approved.affiliate).toMatchObject({ id: quiet.id, status: 'active', name: 'Quin Quiet' });
    expect((await statusOf(quiet.id))?.approvedAt?.toISOString()).toBe(clock.now().toISOString());
    clock.advance(60_000);
    expect((await resultOf<{ affiliate: AffiliateSummary }>(setStatus(quiet.id, 'pause'))).affiliate.status).toBe('paused');
    expect((await resultOf<{ affiliate: AffiliateSummary }>(setStatus(quiet.id, 'resume'))).affiliate.status).toBe('active');
    // Resuming is not approving again.
    expect((await statusOf(quiet.id))?.approvedAt?.toISOString()).toBe(new Date(clock.now().getTime() - 60_000).toISOString());
    const removed = await resultOf<{ affiliate: AffiliateSummary }>(setStatus(quiet.id, 'remove'));
    expect(removed.affiliate.status).toBe('removed');
  });

  it.each([
    ['pending', ['pause', 'resume'], ['approve', 'remove']],
    ['active', ['approve', 'resume'], ['pause', 'remove']],
    ['paused', ['approve', 'pause'], ['resume', 'remove']],
    ['removed', ['approve', 'pause', 'resume', 'remove'], []],
  ] as const)('a %s affiliate: %j refused and unchanged, %j allowed', async (status, refused, allowed) => {
    for (const action of refused) {
      const affiliate = await seedStoreAffiliate(t, shop.id, { status });
      expect(seen(await setStatus(affiliate.id, action)), action).toEqual({ status: 400, body: { error: { status: 'FAILED_PRECONDITION', message: AFFILIATE_MESSAGES.actionNotAllowed } } });
      expect((await statusOf(affiliate.id))?.status).toBe(status);
    }
    for (const action of allowed) {
      const affiliate = await seedStoreAffiliate(t, shop.id, { status });
      expect(seen(await setStatus(affiliate.id, action)).status, action).toBe(200);
    }
  });

  it('another store’s affiliate answers exactly like a missing one and is not changed', async () => {
    const missing = seen(await setStatus(missingId('aff'), 'pause'));
    expect(missing).toEqual({ status: 404, body: { error: { status: 'NOT_FOUND', message: AFFILIATE_MESSAGES.affiliateNotFound } } });
    expect(seen(await setStatus(foreign.id, 'pause'))).toEqual(missing);
    expect((await statusOf(foreign.id))?.status).toBe('active');
  });

  it('another creator’s store answers exactly like a missing one', async () => {
    for (const [name, data] of [
      ['listAffiliates', {}],
      ['updateAffiliateStatus', { affiliateId: busy.id, action: 'pause' }],
      ['inviteAffiliate', { email: 'stranger@example.com' }],
    ] as const) {
      const foreignStore = seen(await callFunction(t.app, name, { storeId: shop.id, ...data }, { as: other.owner }));
      const missing = seen(await callFunction(t.app, name, { storeId: missingId('store'), ...data }, { as: other.owner }));
      expect(foreignStore, name).toEqual({ status: 404, body: { error: { status: 'NOT_FOUND', message: MESSAGES.stores.notFound } } });
      expect(foreignStore).toEqual(missing);
    }
    expect((await statusOf(busy.id))?.status).toBe('active');
    expect(await t.db.select().from(affiliateInvites).where(eq(affiliateInvites.email, 'stranger@example.com'))).toEqual([]);
  });

  it('invites a canonical email address and queues one escaped email with the commission and the members-area link', async () => {
    const { invite: created } = await resultOf<{ invite: AffiliateInvite }>(invite('  Ada.Lovelace@EXAMPLE.com '));
    expect(created).toEqual({ id: expect.stringMatching(/^afi_/), email: 'ada.lovelace@example.com', createdAt: clock.now().toISOString(), acceptedAt: null, declinedAt: null });
    const emails = await queuedEmails(t, 'ada.lovelace@example.com');
    expect(emails).toHaveLength(1);
    const [email] = emails;
    // The store's name (creator-typed) stays out of the subject: see invite-affiliate-limits.test.ts.
    expect(email!.subject).toBe('You are invited to join a store’s affiliate program');
    expect(email!.text).toContain('The store “Ivy <b>&</b> Prints” invites you');
    expect(email!.tags).toEqual(['affiliate-invite']);
    const link = `${TEST_PUBLIC_URL}/${shop.slug}/members/affiliate`;
    expect(email!.text).toContain('earn 25% of every sale');
    expect(email!.text).toContain(link);
    // The program is still off: the email says so.
    expect(email!.text).toContain('The program is not open yet');
    expect(email!.html).toContain(`href="${link}"`);
    expect(email!.html).toContain('Ivy &lt;b&gt;&amp;&lt;/b&gt; Prints');
    expect(email!.html).not.toContain('<b>&</b>');
    expect((await list()).invites).toEqual([created]);
  });

  it('refuses the same address twice (whatever its case) with 409, queuing nothing more', async () => {
    const again = seen(await invite('ADA.LOVELACE@example.com'));
    expect(again).toEqual({ status: 409, body: { error: { status: 'ALREADY_EXISTS', message: AFFILIATE_MESSAGES.alreadyInvited } } });
    expect(await queuedEmails(t, 'ada.lovelace@example.com')).toHaveLength(1);
    expect((await list()).invites).toHaveLength(1);
  });

  it('an open program’s invitation says it approves at once; the same address may be invited by another store', async () => {
    await seedAffiliateProgram(t, shop.id, { enabled: true, commissionPercent: 30 });
    await resultOf(invite('grace@example.com'));
    const [email] = await queuedEmails(t, 'grace@example.com');
    expect(email!.text).toContain('earn 30% of every sale');
    expect(email!.text).toContain('Your invitation approves you at once');
    expect(email!.text).not.toContain('not open yet');
    expect(seen(await invite('grace@example.com', other)).status).toBe(200);
    expect(await queuedEmails(t, 'grace@example.com')).toHaveLength(2);
  });

  it('refuses a malformed address', async () => {
    expect(seen(await invite('not-an-email')).status).toBe(400);
  });
});
