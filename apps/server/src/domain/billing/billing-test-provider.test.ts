import { MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog, jobs, subscriptions, testBillingSessions } from '#src/db/schema/index.ts';
import { scheduleHourlyJobs } from '#src/app-jobs.ts';
import type { ClaimedJob, JobRunContext } from '#src/jobs/types.ts';
import { createExpireBillingGraceJob, EXPIRE_BILLING_GRACE_KIND } from './expire-billing-grace-job.ts';
import { callFunction, errorOf, TRUSTED } from '#src/testing/call-function.ts';
import { signedInAdmin, signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { planOf, publishedStores, storeStates, subscriptionRows } from './billing-fixtures.ts';

const CARD = { expiry: '12/40', cvc: '123', cardName: 'Test Creator' };

describe('the built-in test provider: subscription checkout, portal, invoices, downgrade chooser', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const pay = (who: TestCreator, path: string, cardNumber: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { ...who.headers, ...TRUSTED, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ cardNumber, ...CARD }).toString(),
    });

  async function subscribe(who: TestCreator, planId = 'creator', interval = 'month') {
    const { url } = (await callFunction(t.app, 'startPlanCheckout', { planId, interval }, { as: who })).json().result as { url: string };
    const path = new URL(url).pathname;
    const reply = await pay(who, path, '4242424242424242');
    if (reply.statusCode !== 303) throw new Error(`test subscription payment failed: ${reply.statusCode}`);
    return path;
  }

  it('pays with a test card; a declined card, the redirect page and another creator change nothing', async () => {
    const creator = await signedInCreator(t);
    const stranger = await signedInCreator(t);
    const { url } = (await callFunction(t.app, 'startPlanCheckout', { planId: 'creator', interval: 'month' }, { as: creator })).json().result;
    const path = new URL(url).pathname;
    expect(path).toMatch(/^\/api\/billing\/test\/tbs_[a-z0-9]{20}$/);

    const page = await t.app.inject({ method: 'GET', url: path, headers: creator.headers });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Creator plan, billed monthly');
    expect(page.body).toContain('$29.00 / month');
    expect((await t.app.inject({ method: 'GET', url: path, headers: stranger.headers })).statusCode).toBe(404);
    expect((await pay(stranger, path, '4242424242424242')).statusCode).toBe(404);

    const declined = await pay(creator, path, '4000000000000002');
    expect(declined.statusCode).toBe(402);
    expect(await planOf(t, creator.userId)).toBe('free');
    await t.app.inject({ method: 'GET', url: '/dashboard/settings/billing?checkout=done', headers: creator.headers });
    expect(await planOf(t, creator.userId)).toBe('free');

    const paid = await pay(creator, path, '4242424242424242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/\/dashboard\/settings\/billing\?checkout=done$/);
    expect(await planOf(t, creator.userId)).toBe('creator');
    // Paying the same session again subscribes once: it only goes back to the billing page.
    expect((await pay(creator, path, '4242424242424242')).statusCode).toBe(303);
    expect(await subscriptionRows(t, creator.userId)).toHaveLength(1);

    const again = await callFunction(t.app, 'startPlanCheckout', { planId: 'boss', interval: 'month' }, { as: creator });
    expect(errorOf(again).status).toBe('FAILED_PRECONDITION');
  });

  it('lists the test invoices with a download only their owner can open', async () => {
    const creator = await signedInCreator(t);
    const stranger = await signedInCreator(t);
    await subscribe(creator, 'boss', 'year');
    const { invoices } = (await callFunction(t.app, 'listInvoices', {}, { as: creator })).json().result;
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ amountCents: 99000, currency: 'usd', status: 'paid' });
    const download = await t.app.inject({ method: 'GET', url: invoices[0].downloadUrl, headers: creator.headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="invoice-TEST-/);
    expect(download.body).toContain('Boss plan, billed yearly');
    expect(download.body).toContain('$990.00');
    expect((await t.app.inject({ method: 'GET', url: invoices[0].downloadUrl, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/test-invoices/tin_missing', headers: creator.headers })).statusCode).toBe(404);
  });

  it('the portal cancels (down to free) and tries a failed renewal (grace) and a paid one', async () => {
    const creator = await signedInCreator(t);
    await subscribe(creator);
    expect((await callFunction(t.app, 'openBillingPortal', {}, { as: creator })).json().result.url).toMatch(/\/api\/billing\/test-portal$/);
    const act = (action: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/billing/test-portal',
        headers: { ...creator.headers, ...TRUSTED, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `action=${action}`,
      });
    await act('fail-renewal');
    const [failed] = await subscriptionRows(t, creator.userId);
    expect(failed).toMatchObject({ status: 'past_due' });
    expect(failed?.graceUntil).not.toBeNull();
    expect(await planOf(t, creator.userId)).toBe('creator');
    expect((await t.app.inject({ method: 'GET', url: '/api/billing/test-portal', headers: creator.headers })).body).toContain('Payment failed');
    await act('pay-renewal');
    expect((await subscriptionRows(t, creator.userId))[0]).toMatchObject({ status: 'active', graceUntil: null });
    await act('cancel');
    expect(await planOf(t, creator.userId)).toBe('free');
    expect((await subscriptionRows(t, creator.userId))[0]?.status).toBe('canceled');
  });

  it('downgrade chooser: keeps exactly the chosen stores; foreign ids are refused like missing ones; upgrading brings stores back', async () => {
    const creator = await signedInCreator(t);
    const stranger = await signedInCreator(t);
    const [strangerStore] = await publishedStores(t, stranger.userId, 1);
    const [a, b, c] = await publishedStores(t, creator.userId, 3);
    await subscribe(creator);
    expect(await storeStates(t, creator.userId)).toEqual({ [a!]: null, [b!]: null, [c!]: null });

    const none = await callFunction(t.app, 'changePlan', { planId: 'free' }, { as: creator });
    expect(errorOf(none)).toMatchObject({ status: 'INVALID_ARGUMENT', message: 'Choose at most 1 store to keep published.' });
    const two = await callFunction(t.app, 'changePlan', { planId: 'free', keepStoreIds: [a, b] }, { as: creator });
    expect(errorOf(two).status).toBe('INVALID_ARGUMENT');
    const foreign = errorOf(await callFunction(t.app, 'changePlan', { planId: 'free', keepStoreIds: [strangerStore] }, { as: creator }));
    const missing = errorOf(await callFunction(t.app, 'changePlan', { planId: 'free', keepStoreIds: ['store_aaaaaaaaaaaaaaaaaaaa'] }, { as: creator }));
    expect(foreign).toEqual(missing);
    expect(foreign.status).toBe('NOT_FOUND');
    expect(await planOf(t, creator.userId)).toBe('creator');

    expect((await callFunction(t.app, 'changePlan', { planId: 'free', keepStoreIds: [b] }, { as: creator })).statusCode).toBe(200);
    expect(await planOf(t, creator.userId)).toBe('free');
    expect(await storeStates(t, creator.userId)).toEqual({ [a!]: 'plan-limit', [b!]: null, [c!]: 'plan-limit' });

    // The choice can change later, within the plan's limit; foreign ids again answer like missing.
    expect((await callFunction(t.app, 'choosePublishedStores', { storeIds: [c] }, { as: creator })).statusCode).toBe(200);
    expect(await storeStates(t, creator.userId)).toEqual({ [a!]: 'plan-limit', [b!]: 'plan-limit', [c!]: null });
    expect(errorOf(await callFunction(t.app, 'choosePublishedStores', { storeIds: [a, c] }, { as: creator })).status).toBe('INVALID_ARGUMENT');
    expect(errorOf(await callFunction(t.app, 'choosePublishedStores', { storeIds: [strangerStore] }, { as: creator }))).toEqual(missing);
    expect(await storeStates(t, stranger.userId)).toEqual({ [strangerStore!]: null });

    await subscribe(creator, 'boss');
    expect(await storeStates(t, creator.userId)).toEqual({ [a!]: null, [b!]: null, [c!]: null });
  });

  it('a cancellation without a choice keeps the oldest stores', async () => {
    const creator = await signedInCreator(t);
    const [a, b] = await publishedStores(t, creator.userId, 2);
    await subscribe(creator);
    await t.app.inject({
      method: 'POST',
      url: '/api/billing/test-portal',
      headers: { ...creator.headers, ...TRUSTED, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=cancel',
    });
    expect(await storeStates(t, creator.userId)).toEqual({ [a!]: null, [b!]: 'plan-limit' });
  });

  it('the hourly grace job is scheduled with the others and drops an account whose grace has ended', async () => {
    const creator = await signedInCreator(t);
    const [a, b] = await publishedStores(t, creator.userId, 2);
    await subscribe(creator);
    await t.app.inject({
      method: 'POST',
      url: '/api/billing/test-portal',
      headers: { ...creator.headers, ...TRUSTED, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=fail-renewal',
    });
    await scheduleHourlyJobs(t.db, new Date());
    expect(await t.db.select({ id: jobs.id }).from(jobs).where(and(eq(jobs.kind, EXPIRE_BILLING_GRACE_KIND), eq(jobs.status, 'pending')))).toHaveLength(1);

    const job = createExpireBillingGraceJob({ db: t.db });
    const ctx = { log: { info: () => {} }, now: () => new Date(), complete: async () => {} } as unknown as JobRunContext;
    await job.run({} as ClaimedJob, ctx);
    expect(await planOf(t, creator.userId)).toBe('creator');
    await t.db.update(subscriptions).set({ graceUntil: new Date(Date.now() - 1000) }).where(eq(subscriptions.userId, creator.userId));
    await job.run({} as ClaimedJob, ctx);
    expect(await planOf(t, creator.userId)).toBe('free');
    expect(await storeStates(t, creator.userId)).toEqual({ [a!]: null, [b!]: 'plan-limit' });
  });

  it('plan prices: refused to non-admins and to admins without MFA; a change is audited and applies to new subscriptions only', async () => {
    const creator = await signedInCreator(t);
    const noMfa = await signedInAdmin(t, { mfa: false });
    const admin = await signedInAdmin(t);
    const input = { planId: 'creator', monthlyCents: 3900, yearlyCents: 39000, reason: 'New pricing' };
    for (const name of ['getPlanPrices', 'setPlanPrice'] as const) {
      const data = name === 'setPlanPrice' ? input : {};
      expect(errorOf(await callFunction(t.app, name, data, { as: creator }))).toMatchObject({ status: 'PERMISSION_DENIED', message: MESSAGES.admin.permissionDenied });
      expect(errorOf(await callFunction(t.app, name, data, { as: noMfa }))).toMatchObject({ status: 'PERMISSION_DENIED', message: MESSAGES.admin.mfaRequired });
      expect((await callFunction(t.app, name, data)).statusCode).toBe(401);
    }

    const subscriber = await signedInCreator(t);
    await subscribe(subscriber);
    const reply = await callFunction(t.app, 'setPlanPrice', input, { as: admin });
    expect(reply.json().result.price).toMatchObject({ planId: 'creator', monthlyCents: 3900, yearlyCents: 39000, updatedBy: admin.userId });
    const [audit] = await t.db.select().from(adminAuditLog).where(and(eq(adminAuditLog.actorId, admin.userId), eq(adminAuditLog.action, 'set-plan-price')));
    expect(audit).toMatchObject({ targetId: 'creator', reason: 'New pricing', before: { monthlyCents: 2900, yearlyCents: 29000 }, after: { monthlyCents: 3900, yearlyCents: 39000 } });
    const prices = (await callFunction(t.app, 'getPlanPrices', {}, { as: admin })).json().result.prices;
    expect(prices.find((price: { planId: string }) => price.planId === 'creator')).toMatchObject({ monthlyCents: 3900 });

    // The existing subscription keeps 29.00; a new one starts at 39.00.
    expect((await subscriptionRows(t, subscriber.userId))[0]?.priceCents).toBe(2900);
    const newcomer = await signedInCreator(t);
    const { url } = (await callFunction(t.app, 'startPlanCheckout', { planId: 'creator', interval: 'month' }, { as: newcomer })).json().result;
    const [session] = await t.db.select().from(testBillingSessions).where(eq(testBillingSessions.id, new URL(url).pathname.split('/').pop()!));
    expect(session?.priceCents).toBe(3900);
    expect((await callFunction(t.app, 'getBilling', {}, { as: newcomer })).json().result.plans.find((plan: { id: string }) => plan.id === 'creator')).toMatchObject({ monthlyCents: 3900 });
    await subscribe(newcomer);
    expect((await subscriptionRows(t, newcomer.userId))[0]?.priceCents).toBe(3900);
  });
});
