import { PAYMENT_PLAN_MESSAGES as M } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '#src/db/schema/index.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { connectedInvoiceEvent, connectedSessionCompleted } from '#src/testing/stripe-connected-events.ts';
import { addStripeInterval } from '#src/testing/stripe-stand-in-subscriptions.ts';
import { stripeSuite } from '#src/testing/stripe-webhooks.ts';
import { chargesOf, planRow } from '../payment-plan-fixtures.ts';
import { boughtOnStripe, payPlanOnStripe, stripePlanStore } from './stripe-plan-fixtures.ts';

const DAY_S = 86_400;

describe('payment plans on the creator’s connected Stripe account', () => {
  const s = stripeSuite();
  const T0 = Math.floor(Date.now() / 1000) - 100 * DAY_S;
  const at = (seconds: number) => new Date(seconds * 1000);
  const subjects = async (email: string) => (await queuedEmails(s.t, email)).map((message) => message.subject).sort();

  it('the checkout is a subscription-mode session on the connected account: the instalment’s monthly Price (made once), the plan fee, metadata', async () => {
    const shop = await stripePlanStore(s, 'acct_plan_checkout');
    const bought = await payPlanOnStripe(s, shop, T0);
    expect(bought.checkoutUrl).toBe(`${s.standIn.url}/pay/${bought.sessionRequest.id}`);
    const price = s.standIn.requestsTo('/v1/prices').at(-1)!;
    expect(price).toMatchObject({ stripeAccount: shop.account, body: { unit_amount: '9900', currency: 'usd', 'recurring[interval]': 'month', 'metadata[productId]': shop.product.id } });
    const session = s.standIn.requestsTo('/v1/checkout/sessions').at(-1)!;
    expect(session).toMatchObject({ stripeAccount: shop.account, idempotencyKey: `checkout_${bought.checkoutId}` });
    expect(session.body).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': bought.subscription.items.data[0]!.price.id,
      'line_items[0][quantity]': '1',
      // The free plan's 5 %, as one-off sales take it.
      'subscription_data[application_fee_percent]': '5',
      'subscription_data[metadata][checkoutId]': bought.checkoutId,
      'subscription_data[metadata][paymentPlan]': 'true',
      'metadata[checkoutId]': bought.checkoutId,
      client_reference_id: bought.checkoutId,
      customer_email: bought.email,
    });
    expect(session.body).not.toHaveProperty('line_items[1][price_data][unit_amount]');

    // Another buyer of the same plan reuses the Price.
    const prices = s.standIn.requestsTo('/v1/prices').length;
    await payPlanOnStripe(s, shop, T0);
    expect(s.standIn.requestsTo('/v1/prices')).toHaveLength(prices);
  });

  it('3 instalments: fulfilled once with a 3-month schedule that cancels, each invoice an instalment, the 3rd completes and cancels; no 4th', async () => {
    const b = await boughtOnStripe(s, 'acct_plan_life', T0);
    expect(b.order).toMatchObject({ amountCents: 9900, status: 'paid', provider: 'stripe', providerPaymentId: `pi_${b.subscription.latest_invoice}` });
    expect(b.plan).toMatchObject({ provider: 'stripe', providerAccountId: b.account, providerSubscriptionId: b.subscriptionId, instalments: 3, paidCount: 1, status: 'active' });

    // The subscription became a schedule: one phase from its start lasting 3 months, then cancelled.
    const schedules = [...s.standIn.connected.schedules.values()].filter((schedule) => schedule.subscription === b.subscriptionId);
    expect(schedules).toHaveLength(1);
    expect(schedules[0]).toMatchObject({ end_behavior: 'cancel', status: 'active', phases: [{ start_date: T0, end_date: addStripeInterval(addStripeInterval(addStripeInterval(T0, 'month'), 'month'), 'month'), duration: { interval: 'month', interval_count: 3 } }] });
    expect(s.standIn.requestsTo('/v1/subscription_schedules').filter((request) => request.stripeAccount === b.account).map((request) => request.idempotencyKey)).toEqual([`plan_${b.plan.id}_schedule`]);
    expect(s.standIn.subscription(b.subscriptionId).schedule).toBe(schedules[0]!.id);

    // A second delivery of the session: nothing new, and the schedule is left as it is.
    expect(await b.send(connectedSessionCompleted({ account: b.account, created: T0, session: b.session }))).toBe('replay');
    expect((await s.t.db.select().from(orders).where(eq(orders.checkoutId, b.checkoutId))).length).toBe(1);
    expect([...s.standIn.connected.schedules.values()].filter((schedule) => schedule.subscription === b.subscriptionId)).toHaveLength(1);

    // The first invoice is the order's.
    expect(await b.send(connectedInvoiceEvent({ type: 'invoice.paid', account: b.account, created: T0, subscription: s.standIn.subscription(b.subscriptionId), billingReason: 'subscription_create' }))).toBe('ignored');

    const second = b.events.advance();
    const paid2 = b.events.invoice('invoice.paid', { created: second.start });
    expect(await b.send(paid2)).toBe('applied');
    expect(await planRow(s.t, b.plan.id)).toMatchObject({ paidCount: 2, status: 'active', nextDueAt: at(second.end) });
    expect(await b.send(paid2)).toBe('replay');

    const third = b.events.advance();
    expect(await b.send(b.events.invoice('invoice.paid', { created: third.start }))).toBe('applied');
    expect(await planRow(s.t, b.plan.id)).toMatchObject({ paidCount: 3, status: 'completed', nextDueAt: null });
    // Paid in full with the subscription still live: the plan cancels it, once.
    expect(s.standIn.subscription(b.subscriptionId).status).toBe('canceled');
    const cancels = s.standIn.requestsTo(`/v1/subscriptions/${b.subscriptionId}`).filter((request) => request.method === 'DELETE');
    expect(cancels.map((request) => [request.stripeAccount, request.idempotencyKey])).toEqual([[b.account, `plan_${b.plan.id}_cancel`]]);

    // Stripe's end of the subscription, and a 4th bill if one ever came, change nothing.
    expect(await b.send(b.events.deleted(third.start + 60))).toBe('stale');
    b.events.advance();
    expect(await b.send(b.events.invoice('invoice.paid', { created: third.end }))).toBe('stale');
    expect(await chargesOf(s.t, b.plan.id)).toEqual([
      { instalment: 1, attempt: 0, status: 'paid', amountCents: 9900 },
      { instalment: 2, attempt: 0, status: 'paid', amountCents: 9900 },
      { instalment: 3, attempt: 0, status: 'paid', amountCents: 9900 },
    ]);
    expect(await planRow(s.t, b.plan.id)).toMatchObject({ paidCount: 3, status: 'completed' });
    // One order whose revenue is the three instalments.
    const listed = await callFunction(s.t.app, 'listOrders', { storeId: b.store.id }, { as: b.owner });
    expect(listed.json().result.totals).toMatchObject({ count: 1, grossCents: 29_700 });
    expect(await subjects(b.email)).toEqual(
      [
        `Your receipt for ${b.product.title}`,
        `Instalment 2 of 3: ${b.product.title}`,
        `Instalment 3 of 3: ${b.product.title}`,
        `Your plan for ${b.product.title} is paid in full`,
      ].sort(),
    );
  });

  it('a failed 2nd instalment: past due with access until Stripe retries and the fix-card email; the retry paid recovers it; older events are stale', async () => {
    const b = await boughtOnStripe(s, 'acct_plan_retry', T0);
    const second = b.events.advance();
    const retryAt = second.start + 3 * DAY_S;
    const failed = b.events.invoice('invoice.payment_failed', { created: second.start, attemptCount: 1, nextPaymentAttempt: retryAt, invoiceId: 'in_plan_retry_2' });
    expect(await b.send(failed)).toBe('applied');
    expect(await planRow(s.t, b.plan.id)).toMatchObject({ status: 'past_due', paidCount: 1, failedAttempts: 1, graceUntil: at(retryAt) });
    expect((await b.download()).statusCode).toBe(200);
    const email = (await queuedEmails(s.t, b.email)).find((message) => message.subject === `Your instalment for ${b.product.title} failed`);
    expect(email?.text).toContain('instalment 2 of 3');
    expect(await b.send(failed)).toBe('replay');

    const recovered = b.events.invoice('invoice.paid', { created: retryAt, attemptCount: 2, invoiceId: 'in_plan_retry_2' });
    expect(await b.send(recovered)).toBe('applied');
    expect(await planRow(s.t, b.plan.id)).toMatchObject({ status: 'active', paidCount: 2, failedAttempts: 0, graceUntil: null, nextDueAt: at(second.end) });

    // Delivered late, under new event ids: the first failure of the paid invoice, and its payment again.
    const lateFailure = b.events.invoice('invoice.payment_failed', { created: second.start, attemptCount: 1, nextPaymentAttempt: retryAt, invoiceId: 'in_plan_retry_2' });
    expect(await b.send(lateFailure)).toBe('stale');
    expect(await b.send(b.events.invoice('invoice.paid', { created: retryAt + 5, attemptCount: 2, invoiceId: 'in_plan_retry_2' }))).toBe('stale');
    expect(await chargesOf(s.t, b.plan.id)).toEqual([
      { instalment: 1, attempt: 0, status: 'paid', amountCents: 9900 },
      { instalment: 2, attempt: 0, status: 'failed', amountCents: 9900 },
      { instalment: 2, attempt: 1, status: 'paid', amountCents: 9900 },
    ]);
    expect(await planRow(s.t, b.plan.id)).toMatchObject({ status: 'active', paidCount: 2 });
  });

  it('the subscription deleted before the 3 are paid locks the plan: downloads refused with the message, the locked email', async () => {
    const b = await boughtOnStripe(s, 'acct_plan_lock', T0);
    const second = b.events.advance();
    expect(await b.send(b.events.invoice('invoice.payment_failed', { created: second.start, attemptCount: 4, nextPaymentAttempt: null }))).toBe('applied');
    expect((await b.download()).statusCode).toBe(200);
    const deleted = b.events.deleted(second.start + 60);
    expect(await b.send(deleted)).toBe('applied');
    expect(await planRow(s.t, b.plan.id)).toMatchObject({ status: 'locked', paidCount: 1 });
    const refused = await b.download();
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(M.downloadLocked);
    expect(await subjects(b.email)).toContain(`Your access to ${b.product.title} is paused`);
    expect(await b.send(deleted)).toBe('replay');
    // A stopped plan has no billing to manage.
    const call = await b.buyer();
    expect(errorOf(await call('openMyPlanBillingPortal', { storeId: b.store.id, planId: b.plan.id })).message).toBe(M.planEnded);
  });

  it('"Manage billing" opens Stripe’s customer portal on the connected account for the buyer’s own plan; another buyer’s plan answers like a missing one', async () => {
    const mine = await boughtOnStripe(s, 'acct_plan_portal', T0);
    const theirs = await boughtOnStripe(s, 'acct_plan_portal', T0);
    const call = await mine.buyer();
    const opened = await call('openMyPlanBillingPortal', { storeId: mine.store.id, planId: mine.plan.id });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().result.url).toBe(`${s.standIn.url}/portal/${mine.subscription.customer}`);
    expect(s.standIn.requestsTo('/v1/billing_portal/sessions').at(-1)).toMatchObject({ stripeAccount: mine.account, body: { customer: mine.subscription.customer } });
    expect(s.standIn.requestsTo('/v1/billing_portal/sessions').at(-1)!.body.return_url).toContain(`/${mine.store.slug}/members`);

    const foreign = await call('openMyPlanBillingPortal', { storeId: mine.store.id, planId: theirs.plan.id });
    const missing = await call('openMyPlanBillingPortal', { storeId: mine.store.id, planId: 'pln_00000000000000000000' });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toEqual(errorOf(missing));
    expect(errorOf(foreign).message).toBe(M.planNotFound);
  });

  it('another account’s events naming the plan’s subscription or checkout change nothing', async () => {
    const b = await boughtOnStripe(s, 'acct_plan_mine', T0);
    const second = b.events.advance();
    expect(await b.send(b.events.invoice('invoice.paid', { created: second.start, account: 'acct_plan_intruder' }))).toBe('ignored');
    expect(await b.send({ ...b.events.deleted(second.start), account: 'acct_plan_intruder' })).toBe('ignored');
    expect(await planRow(s.t, b.plan.id)).toMatchObject({ status: 'active', paidCount: 1 });

    const shop = await stripePlanStore(s, 'acct_plan_mine2');
    const other = await payPlanOnStripe(s, shop, T0);
    expect(await b.send(connectedSessionCompleted({ account: 'acct_plan_intruder', created: T0, session: other.session }))).toBe('ignored');
    expect(await s.t.db.select().from(orders).where(eq(orders.checkoutId, other.checkoutId))).toEqual([]);
  });

  it('refunds whole: partial refused; the whole refund refunds each paid instalment on Stripe and cancels the subscription; another store’s order is refused', async () => {
    const b = await boughtOnStripe(s, 'acct_plan_refund', T0);
    const second = b.events.advance();
    expect(await b.send(b.events.invoice('invoice.paid', { created: second.start, invoiceId: 'in_plan_refund_2' }))).toBe('applied');

    const partial = await callFunction(s.t.app, 'refundOrder', { storeId: b.store.id, orderId: b.order.id, amountCents: 100 }, { as: b.owner });
    expect(errorOf(partial).message).toBe(M.partialRefund);
    const intruder = await stripePlanStore(s, 'acct_plan_refund_other');
    const foreign = await callFunction(s.t.app, 'refundOrder', { storeId: intruder.store.id, orderId: b.order.id }, { as: intruder.owner });
    expect(foreign.statusCode).toBe(404);
    expect(await planRow(s.t, b.plan.id)).toMatchObject({ status: 'active', paidCount: 2 });

    const refundsBefore = s.standIn.requestsTo('/v1/refunds').length;
    const whole = await callFunction(s.t.app, 'refundOrder', { storeId: b.store.id, orderId: b.order.id }, { as: b.owner });
    expect(whole.statusCode).toBe(200);
    const refunds = s.standIn.requestsTo('/v1/refunds').slice(refundsBefore);
    expect(refunds.map((request) => [request.stripeAccount, request.body.payment_intent, request.body.amount]).sort()).toEqual(
      [
        [b.account, `pi_${b.subscription.latest_invoice}`, '9900'],
        [b.account, 'pi_in_plan_refund_2', '9900'],
      ].sort(),
    );
    expect(s.standIn.subscription(b.subscriptionId).status).toBe('canceled');
    expect(await planRow(s.t, b.plan.id)).toMatchObject({ status: 'cancelled', nextDueAt: null });
    expect((await chargesOf(s.t, b.plan.id)).map((row) => row.status)).toEqual(['refunded', 'refunded']);
    expect((await s.t.db.select().from(orders).where(eq(orders.id, b.order.id)))[0]).toMatchObject({ status: 'refunded' });
    const listed = await callFunction(s.t.app, 'listOrders', { storeId: b.store.id }, { as: b.owner });
    expect(listed.json().result.totals).toMatchObject({ count: 1, grossCents: 19_800, refundedCents: 19_800, netCents: 0 });
    // Stripe's end of the cancelled subscription changes nothing.
    expect(await b.send(b.events.deleted(second.start + DAY_S))).toBe('stale');
  });
});
