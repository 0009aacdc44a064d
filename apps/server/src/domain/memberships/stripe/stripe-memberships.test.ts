import { describe, expect, it } from 'vitest';
import { invoicesOf, membershipRow } from '#src/testing/memberships.ts';
import { connectedInvoiceEvent, connectedSessionCompleted, connectedSubscriptionEvent } from '#src/testing/stripe-connected-events.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { checkoutRow, DAY_S, deliver, joinOnStripe, memberCaller, membershipOfSubscription, noticesOf, stripeStore, stripeSuite } from './stripe-membership-fixtures.ts';

describe('memberships on the creator’s connected Stripe account', () => {
  const s = stripeSuite();
  const T0 = Math.floor(Date.now() / 1000) - 60 * DAY_S;
  const at = (seconds: number) => new Date(seconds * 1000);

  it('joining makes a subscription-mode session on the connected account: the tier’s Price, trial, setup fee and application fee', async () => {
    const { tier, account, storeId } = await stripeStore(s.t, 'acct_join1', { trialDays: 7, setupFeeCents: 500, monthlyPriceCents: 900 });
    const joined = await joinOnStripe(s.t, s.standIn, tier, T0);
    expect(joined.checkoutUrl).toBe(`${s.standIn.url}/pay/${joined.sessionRequest.id}`);
    const [price] = s.standIn.requestsTo('/v1/prices').slice(-1);
    expect(price).toMatchObject({ stripeAccount: account, body: { unit_amount: '900', currency: 'usd', 'recurring[interval]': 'month', 'metadata[tierId]': tier.id } });
    const session = s.standIn.requestsTo('/v1/checkout/sessions').at(-1)!;
    expect(session.stripeAccount).toBe(account);
    expect(session.idempotencyKey).toBe(`mck_session_${joined.checkoutId}`);
    expect(session.body).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': joined.subscription.items.data[0]!.price.id,
      'line_items[1][price_data][unit_amount]': '500',
      'subscription_data[trial_period_days]': '7',
      // The free plan's 5 %, as one-off sales take it.
      'subscription_data[application_fee_percent]': '5',
      'subscription_data[metadata][membershipCheckoutId]': joined.checkoutId,
      'subscription_data[metadata][storeId]': storeId,
      'subscription_data[metadata][tierId]': tier.id,
      client_reference_id: joined.checkoutId,
      customer_email: joined.email,
    });
    expect(session.body.success_url).toContain(TEST_PUBLIC_URL);
    expect(joined.subscription.application_fee_percent).toBe(5);
    expect((await checkoutRow(s.t, joined.checkoutId)).providerSessionId).toBe(joined.sessionRequest.id);

    // A second member of the same tier price reuses the Price.
    const pricesBefore = s.standIn.requestsTo('/v1/prices').length;
    await joinOnStripe(s.t, s.standIn, tier, T0);
    expect(s.standIn.requestsTo('/v1/prices')).toHaveLength(pricesBefore);
  });

  it('the lifecycle: trial → renewal → failed payment → recovered → cancel at period end → ended; replays change nothing', async () => {
    const { tier, account, storeId } = await stripeStore(s.t, 'acct_life1', { trialDays: 7, monthlyPriceCents: 900 });
    const joined = await joinOnStripe(s.t, s.standIn, tier, T0);
    const subId = joined.subscription.id;
    const delivered: Record<string, unknown>[] = [];
    const send = async (event: Record<string, unknown>) => {
      delivered.push(event);
      return deliver(s.t, event);
    };
    /** Every event so far again, newest first: all replays, nothing changes. */
    const replayAll = async () => {
      const before = await membershipOfSubscription(s.t, subId);
      for (const event of [...delivered].reverse()) expect(await deliver(s.t, event)).toBe('replay');
      expect(await membershipOfSubscription(s.t, subId)).toEqual(before);
    };

    expect(await send(connectedSessionCompleted({ account, created: T0, session: joined.session }))).toBe('applied');
    expect(await membershipOfSubscription(s.t, subId)).toBeNull();
    expect(await send(connectedSubscriptionEvent({ type: 'customer.subscription.created', account, created: T0, subscription: joined.subscription }))).toBe('applied');
    const created = (await membershipOfSubscription(s.t, subId))!;
    expect(created).toMatchObject({ storeId, tierId: tier.id, provider: 'stripe', status: 'trialing', priceCents: 900, interval: 'month', trialEnd: at(T0 + 7 * DAY_S), currentPeriodEnd: at(T0 + 7 * DAY_S) });
    expect(await checkoutRow(s.t, joined.checkoutId)).toMatchObject({ status: 'completed', membershipId: created.id });
    await replayAll();

    expect(await send(connectedSubscriptionEvent({ type: 'customer.subscription.trial_will_end', account, created: T0 + 4 * DAY_S, subscription: s.standIn.subscription(subId) }))).toBe('applied');

    // Trial ends: Stripe bills the first month.
    const first = s.standIn.advanceSubscriptionPeriod(subId);
    s.standIn.connected.subscriptions.get(subId)!.status = 'active';
    const paid = connectedInvoiceEvent({ type: 'invoice.paid', account, created: T0 + 7 * DAY_S, subscription: s.standIn.subscription(subId), billingReason: 'subscription_cycle' });
    expect(await send(paid)).toBe('applied');
    expect(await membershipRow(s.t, created.id)).toMatchObject({ status: 'active', currentPeriodStart: at(first.start), currentPeriodEnd: at(first.end) });
    expect(await send(connectedSubscriptionEvent({ type: 'customer.subscription.updated', account, created: T0 + 7 * DAY_S, subscription: s.standIn.subscription(subId) }))).toBe('ignored');
    await replayAll();

    // The next renewal fails; Smart Retries will try again in 3 days.
    const second = s.standIn.advanceSubscriptionPeriod(subId);
    s.standIn.connected.subscriptions.get(subId)!.status = 'past_due';
    const retryAt = second.start + 3 * DAY_S;
    const failed = connectedInvoiceEvent({ type: 'invoice.payment_failed', account, created: second.start, subscription: s.standIn.subscription(subId), billingReason: 'subscription_cycle', attemptCount: 1, nextPaymentAttempt: retryAt });
    expect(await send(failed)).toBe('applied');
    expect(await membershipRow(s.t, created.id)).toMatchObject({ status: 'past_due', failedAttempts: 1, graceUntil: at(retryAt), currentPeriodEnd: at(first.end) });
    await replayAll();

    const recovered = connectedInvoiceEvent({ type: 'invoice.paid', account, created: retryAt, subscription: s.standIn.subscription(subId), billingReason: 'subscription_cycle', attemptCount: 2 });
    expect(await send(recovered)).toBe('applied');
    expect(await membershipRow(s.t, created.id)).toMatchObject({ status: 'active', failedAttempts: 0, graceUntil: null, currentPeriodEnd: at(second.end) });
    expect(await invoicesOf(s.t, created.id)).toEqual([
      { amountCents: 900, status: 'paid', periodStart: at(first.start), attempt: 0 },
      { amountCents: 900, status: 'failed', periodStart: at(second.start), attempt: 0 },
      { amountCents: 900, status: 'paid', periodStart: at(second.start), attempt: 1 },
    ]);
    await replayAll();

    // The member cancels at period end: Stripe is asked, the state waits for its webhook.
    const call = await memberCaller(s.t, storeId, created.customerId);
    const cancel = await call('cancelMyMembership', { storeId, membershipId: created.id, reason: 'Too busy' });
    expect(cancel.statusCode).toBe(200);
    const update = s.standIn.requestsTo(`/v1/subscriptions/${subId}`).at(-1)!;
    expect(update).toMatchObject({ method: 'POST', stripeAccount: account, body: { cancel_at_period_end: 'true', 'cancellation_details[comment]': 'Too busy' } });
    expect((await membershipRow(s.t, created.id)).cancelAtPeriodEnd).toBe(false);
    const cancelled = connectedSubscriptionEvent({ type: 'customer.subscription.updated', account, created: retryAt + DAY_S, subscription: s.standIn.subscription(subId) });
    expect(await send(cancelled)).toBe('applied');
    expect(await membershipRow(s.t, created.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, cancelReason: 'Too busy' });
    await replayAll();

    s.standIn.connected.subscriptions.get(subId)!.status = 'canceled';
    expect(await send(connectedSubscriptionEvent({ type: 'customer.subscription.deleted', account, created: second.end, subscription: s.standIn.subscription(subId) }))).toBe('applied');
    expect(await membershipRow(s.t, created.id)).toMatchObject({ status: 'ended', endedAt: at(second.end) });
    await replayAll();

    // One email per applied event: welcome, trial ending, two receipts, failed payment, cancellation.
    expect((await noticesOf(s.t, created.id)).sort()).toEqual(['cancelled', 'payment-failed', 'receipt', 'receipt', 'trial-ending', 'welcome']);
  });

  it('a signature that does not verify changes nothing', async () => {
    const { tier, account } = await stripeStore(s.t, 'acct_forged');
    const joined = await joinOnStripe(s.t, s.standIn, tier, T0);
    const { signedStripeWebhook } = await import('#src/testing/stripe-stand-in.ts');
    const forged = signedStripeWebhook(connectedSubscriptionEvent({ type: 'customer.subscription.created', account, created: T0, subscription: joined.subscription }), 'whsec_wrong');
    const reply = await s.t.app.inject({ method: 'POST', url: '/api/webhooks/stripe', headers: forged.headers, payload: forged.payload });
    expect(reply.statusCode).toBe(400);
    expect(await membershipOfSubscription(s.t, joined.subscription.id)).toBeNull();
  });
});
