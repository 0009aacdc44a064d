import { PAYMENT_PLAN_MESSAGES as M, type PaymentPlanView, type Purchase } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileDownloadUrl, orderAccessUrl } from '#src/domain/delivery/download-tokens.ts';
import { findEnrolment } from '#src/domain/courses/find-lesson-access.ts';
import { card, CARDS } from '#src/testing/memberships.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { chargeTestPlanInstalment } from './charge-test-plan-instalment.ts';
import { asBuyer, buyInInstalments, chargesOf, planClock, plannedDownload, planRow, resultOf } from './payment-plan-fixtures.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const at = (iso: string) => new Date(iso);
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms);
const DUE_2 = at('2030-07-01T12:00:00.000Z');
const DUE_3 = at('2030-08-01T12:00:00.000Z');

describe('a payment plan on the test provider and the store’s test clock', () => {
  let t: TestApp;
  let driver: ReturnType<typeof planClock>;
  let counter = 0;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    driver = planClock(t, clock.now);
  });
  afterAll(() => t?.close());

  /** Each scenario on a store of its own, so its clock moves alone. */
  async function bought(options: { type?: 'digital' | 'course' } = {}) {
    const owner: TestCreator = await signedInCreator(t, { now: clock.now() });
    const store = await createStoreAs(t, owner, `plans-${++counter}-${Date.now().toString(36)}`);
    const product = await plannedDownload(t, store.id, options);
    const purchase = await buyInInstalments(t, store.id, product.id);
    const call = await asBuyer(t, store.id, purchase.order.customerId, clock.now());
    const download = () => {
      const url = fileDownloadUrl(t.env, purchase.order.id, product.files[0]!.id, plus(clock.now(), DAY));
      return t.app.inject({ method: 'GET', url: url.slice(TEST_PUBLIC_URL.length) });
    };
    const accessPage = () => {
      const url = orderAccessUrl(t.env, purchase.order.id, plus(clock.now(), DAY));
      return t.app.inject({ method: 'GET', url: url.slice(TEST_PUBLIC_URL.length) });
    };
    return { owner, store, product, ...purchase, call, download, accessPage };
  }
  const subjects = async (email: string) => (await queuedEmails(t, email)).map((message) => message.subject).reverse();

  it('3 charges, the second failing and recovering: past due with access, the fix-card email, then paid and completed', async () => {
    const { store, product, order, plan, email, call, download } = await bought();
    expect(order).toMatchObject({ amountCents: 9900, status: 'paid' });
    expect(plan).toMatchObject({ instalments: 3, instalmentCents: 9900, paidCount: 1, status: 'active', nextDueAt: DUE_2 });

    // 0341 saves and declines every later charge; saving it charges nothing.
    expect(await resultOf(call('replaceMyPlanCard', { storeId: store.id, planId: plan.id, card: card(CARDS.declinesLater) }))).toMatchObject({ kind: 'replaced' });
    await driver.moveTo(store.id, plus(DUE_2, -MINUTE));
    expect(await chargesOf(t, plan.id)).toEqual([{ instalment: 1, attempt: 0, status: 'paid', amountCents: 9900 }]);

    await driver.moveTo(store.id, plus(DUE_2, MINUTE));
    expect(await planRow(t, plan.id)).toMatchObject({ status: 'past_due', paidCount: 1, failedAttempts: 1, graceUntil: plus(DUE_2, 5 * DAY) });
    const failed = (await queuedEmails(t, email)).find((message) => message.subject === `Your instalment for ${product.title} failed`);
    expect(failed?.text).toContain('instalment 2 of 3');
    expect(failed?.text).toContain('July 6, 2030');
    expect(failed?.text).toContain(`${TEST_PUBLIC_URL}/${store.slug}/members`);
    expect((await download()).statusCode).toBe(200);

    expect(await resultOf(call('replaceMyPlanCard', { storeId: store.id, planId: plan.id, card: card(CARDS.pays) }))).toMatchObject({ kind: 'replaced', plan: { status: 'past_due' } });
    await driver.moveTo(store.id, plus(DUE_2, DAY + MINUTE));
    expect(await planRow(t, plan.id)).toMatchObject({ status: 'active', paidCount: 2, failedAttempts: 0, graceUntil: null, nextDueAt: DUE_3 });

    await driver.moveTo(store.id, plus(DUE_3, MINUTE));
    expect(await planRow(t, plan.id)).toMatchObject({ status: 'completed', paidCount: 3, nextDueAt: null });
    expect(await chargesOf(t, plan.id)).toEqual([
      { instalment: 1, attempt: 0, status: 'paid', amountCents: 9900 },
      { instalment: 2, attempt: 0, status: 'failed', amountCents: 9900 },
      { instalment: 2, attempt: 1, status: 'paid', amountCents: 9900 },
      { instalment: 3, attempt: 0, status: 'paid', amountCents: 9900 },
    ]);
    // The last receipt and the completion are queued in one transaction: in either order.
    expect((await subjects(email)).sort()).toEqual(
      [
        `Your receipt for ${product.title}`,
        `Your instalment for ${product.title} failed`,
        `Instalment 2 of 3: ${product.title}`,
        `Instalment 3 of 3: ${product.title}`,
        `Your plan for ${product.title} is paid in full`,
      ].sort(),
    );
    const { plans } = await resultOf<{ plans: PaymentPlanView[] }>(call('listMyPaymentPlans', { storeId: store.id }));
    expect(plans).toMatchObject([{ id: plan.id, orderId: order.id, status: 'completed', paidCount: 3, nextDueAt: null }]);
  });

  it('a charge job run twice, or by two runners at once, charges once and emails once', async () => {
    const { store, plan, email } = await bought();
    await driver.moveTo(store.id, plus(DUE_2, MINUTE), { run: false });
    const charge = { planId: plan.id, instalment: 2, attempt: 0 };
    const options = { now: clock.now(), publicUrl: TEST_PUBLIC_URL };
    const results = await Promise.all([chargeTestPlanInstalment(t.db, charge, options), chargeTestPlanInstalment(t.db, charge, options)]);
    expect(results.sort()).toEqual(['not-due', 'paid']);
    expect(await chargeTestPlanInstalment(t.db, charge, options)).toBe('not-due');
    expect((await chargesOf(t, plan.id)).filter((row) => row.instalment === 2)).toHaveLength(1);
    expect((await subjects(email)).filter((subject) => subject.startsWith('Instalment 2 of 3'))).toHaveLength(1);
    expect(await planRow(t, plan.id)).toMatchObject({ paidCount: 2, status: 'active' });
  });

  it('the last retry failing locks the plan: downloads refused with the message; a fixed card charges at once and unlocks', async () => {
    const { store, product, plan, email, call, download, accessPage } = await bought();
    const purchases = async () => (await resultOf<{ purchases: Purchase[] }>(call('getMyPurchases', { storeId: store.id }))).purchases;
    await resultOf(call('replaceMyPlanCard', { storeId: store.id, planId: plan.id, card: card(CARDS.declinesLater) }));
    await driver.moveTo(store.id, plus(DUE_2, 5 * DAY - MINUTE));
    expect(await planRow(t, plan.id)).toMatchObject({ status: 'past_due', failedAttempts: 3 });
    expect((await download()).statusCode).toBe(200);

    await driver.moveTo(store.id, plus(DUE_2, 5 * DAY + MINUTE));
    expect(await planRow(t, plan.id)).toMatchObject({ status: 'locked', failedAttempts: 4 });
    const refused = await download();
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('Update your card to keep downloading');
    expect(await subjects(email)).toContain(`Your access to ${product.title} is paused`);
    // The receipt's access page and the members area show the lock and the way to the card, not the files.
    const lockedPage = await accessPage();
    expect(lockedPage.statusCode).toBe(403);
    expect(lockedPage.body).toContain(`${M.downloadLocked}.`);
    expect(lockedPage.body).toContain(`href="${TEST_PUBLIC_URL}/${store.slug}/members"`);
    expect(lockedPage.body).not.toContain('workbook.html');
    expect(await purchases()).toMatchObject([{ planLocked: true, files: [] }]);

    // A declining card again: still locked, nothing more sent.
    await resultOf(call('replaceMyPlanCard', { storeId: store.id, planId: plan.id, card: card(CARDS.declinesLater) }));
    expect(await planRow(t, plan.id)).toMatchObject({ status: 'locked', failedAttempts: 5 });
    const fixed = await resultOf<{ kind: string; plan: PaymentPlanView }>(call('replaceMyPlanCard', { storeId: store.id, planId: plan.id, card: card(CARDS.pays) }));
    expect(fixed.plan).toMatchObject({ status: 'active', paidCount: 2, nextDueAt: DUE_3.toISOString() });
    expect((await download()).statusCode).toBe(200);
    const openPage = await accessPage();
    expect(openPage.statusCode).toBe(200);
    expect(openPage.body).toContain('workbook.html');
    expect(openPage.body).not.toContain(M.downloadLocked);
    const [recovered] = await purchases();
    expect(recovered?.planLocked).toBeUndefined();
    expect(recovered?.files.map((file) => file.name)).toEqual(['workbook.html']);
  });

  it('a locked plan closes the course it bought; recovered, it opens again', async () => {
    const { store, product, order, plan, call } = await bought({ type: 'course' });
    const enrolment = () => findEnrolment(t.db, { storeId: store.id, productId: product.id, student: { customerId: order.customerId }, now: clock.now() });
    expect(await enrolment()).not.toBeNull();
    await resultOf(call('replaceMyPlanCard', { storeId: store.id, planId: plan.id, card: card(CARDS.declinesLater) }));
    await driver.moveTo(store.id, plus(DUE_2, 5 * DAY + MINUTE));
    expect(await planRow(t, plan.id)).toMatchObject({ status: 'locked' });
    expect(await enrolment()).toBeNull();
    await resultOf(call('replaceMyPlanCard', { storeId: store.id, planId: plan.id, card: card(CARDS.pays) }));
    expect(await enrolment()).not.toBeNull();
  });

  it('another customer’s or store’s plan, and another store’s order, answer like missing ones', async () => {
    const mine = await bought();
    const theirs = await bought();
    const foreign = await mine.call('replaceMyPlanCard', { storeId: mine.store.id, planId: theirs.plan.id, card: card(CARDS.declinesLater) });
    const missing = await mine.call('replaceMyPlanCard', { storeId: mine.store.id, planId: 'pln_00000000000000000000', card: card(CARDS.declinesLater) });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toEqual(errorOf(missing));
    expect(errorOf(foreign).message).toBe(M.planNotFound);
    expect(await planRow(t, theirs.plan.id)).toMatchObject({ testCard: 'pays' });
    expect((await resultOf<{ plans: unknown[] }>(mine.call('listMyPaymentPlans', { storeId: mine.store.id }))).plans).toHaveLength(1);

    const own = await callFunction(t.app, 'getOrderPaymentPlan', { storeId: mine.store.id, orderId: mine.order.id }, { as: mine.owner });
    expect(own.json().result.plan).toMatchObject({ id: mine.plan.id, instalments: 3, instalmentCents: 9900, paidCount: 1 });
    const other = await callFunction(t.app, 'getOrderPaymentPlan', { storeId: mine.store.id, orderId: theirs.order.id }, { as: mine.owner });
    expect(other.statusCode).toBe(404);
    // The Sales page's list (its unfiltered fast path and a filtered read) names the plan of the order.
    for (const filter of [{}, { status: 'paid' }]) {
      const listed = await callFunction(t.app, 'listOrders', { storeId: mine.store.id, ...filter }, { as: mine.owner });
      expect(listed.json().result.orders).toMatchObject([{ id: mine.order.id, plan: { instalments: 3, instalmentCents: 9900, paidCount: 1, status: 'active' } }]);
    }
  });

  it('refunds whole: a partial amount is refused; the whole refund cancels the plan and its queued charges charge nothing', async () => {
    const { owner, store, order, plan } = await bought();
    await driver.moveTo(store.id, plus(DUE_2, MINUTE));
    const partial = await callFunction(t.app, 'refundOrder', { storeId: store.id, orderId: order.id, amountCents: 100 }, { as: owner });
    expect(errorOf(partial).message).toBe(M.partialRefund);
    expect(await planRow(t, plan.id)).toMatchObject({ status: 'active', paidCount: 2 });

    const whole = await callFunction(t.app, 'refundOrder', { storeId: store.id, orderId: order.id }, { as: owner });
    expect(whole.statusCode).toBe(200);
    expect(await planRow(t, plan.id)).toMatchObject({ status: 'cancelled', nextDueAt: null });
    expect((await chargesOf(t, plan.id)).map((row) => row.status)).toEqual(['refunded', 'refunded']);
    await driver.moveTo(store.id, plus(DUE_3, MINUTE));
    expect(await chargesOf(t, plan.id)).toHaveLength(2);
  });
});
