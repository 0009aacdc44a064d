import type Stripe from 'stripe';
import type { StripeConfig } from '#src/env/payments-env.ts';
import { stripeClient } from './stripe-client.ts';

export interface PlanSessionRequest {
  accountId: string;
  /** Our checkout: the session's reference and its idempotency key. */
  checkoutId: string;
  priceId: string;
  /** The platform's share of every instalment (the owner's plan), as one-off sales take it. */
  applicationFeePercent: number;
  buyerEmail: string;
  /** Copied to the session and to the subscription it makes: how its events find the plan. */
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  expiresAt?: Date;
}

const idOf = (value: string | { id: string } | null | undefined): string | null => (typeof value === 'string' ? value : (value?.id ?? null));

/**
 * Stripe Billing for payment plans on a store's connected account (decision 047): the
 * subscription-mode Checkout Session of the instalment's Price, the subscription schedule that
 * ends it after N monthly payments, and its cancellation. Every call carries `stripeAccount` and
 * creates carry an idempotency key, so a retried call makes one object.
 */
export function stripePlanBilling(config: StripeConfig, client: Stripe = stripeClient(config)) {
  return {
    async createPlanSession(request: PlanSessionRequest) {
      const session = await client.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ price: request.priceId, quantity: 1 }],
          customer_email: request.buyerEmail,
          client_reference_id: request.checkoutId,
          metadata: request.metadata,
          subscription_data: {
            metadata: request.metadata,
            ...(request.applicationFeePercent > 0 ? { application_fee_percent: request.applicationFeePercent } : {}),
          },
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          ...(request.expiresAt ? { expires_at: Math.floor(request.expiresAt.getTime() / 1000) } : {}),
        },
        { stripeAccount: request.accountId, idempotencyKey: `checkout_${request.checkoutId}` },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return { url: session.url, sessionId: session.id };
    },

    /**
     * Ends the subscription after `instalments` monthly invoices: it becomes a subscription
     * schedule (`from_subscription`, or the schedule it already has when this runs again), whose
     * one phase, from the subscription's start, lasts N months (`duration`, the current API's
     * `iterations`) and then cancels it (`end_behavior: cancel`). Nothing for a subscription that
     * has ended meanwhile.
     */
    async scheduleEnd(accountId: string, input: { subscriptionId: string; instalments: number; idempotencyKey: string }): Promise<{ scheduleId: string } | null> {
      const subscription = await client.subscriptions.retrieve(input.subscriptionId, {}, { stripeAccount: accountId });
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return null;
      const schedule =
        idOf(subscription.schedule) ??
        (await client.subscriptionSchedules.create({ from_subscription: input.subscriptionId }, { stripeAccount: accountId, idempotencyKey: input.idempotencyKey })).id;
      const current = await client.subscriptionSchedules.retrieve(schedule, {}, { stripeAccount: accountId });
      const phase = current.phases[0];
      if (!phase) throw new Error(`subscription schedule ${schedule} has no phase`);
      await client.subscriptionSchedules.update(
        schedule,
        {
          end_behavior: 'cancel',
          phases: [
            {
              start_date: phase.start_date,
              items: phase.items.map((item) => ({ price: idOf(item.price)!, quantity: item.quantity ?? 1 })),
              duration: { interval: 'month', interval_count: input.instalments },
              ...(phase.application_fee_percent !== null ? { application_fee_percent: phase.application_fee_percent } : {}),
            },
          ],
        },
        { stripeAccount: accountId, idempotencyKey: `${input.idempotencyKey}_phases` },
      );
      return { scheduleId: schedule };
    },

    /** Cancels the subscription now unless it has already ended (Stripe then sends `customer.subscription.deleted`). */
    async cancelIfLive(accountId: string, subscriptionId: string, idempotencyKey: string): Promise<boolean> {
      const subscription = await client.subscriptions.retrieve(subscriptionId, {}, { stripeAccount: accountId });
      if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') return false;
      await client.subscriptions.cancel(subscriptionId, {}, { stripeAccount: accountId, idempotencyKey });
      return true;
    },

    /**
     * The PaymentIntent that paid an invoice (invoices carry their payments since API 2025-03-31):
     * what an instalment's refund names. Null when the invoice has no paid payment.
     */
    async paidIntentOf(accountId: string, invoiceId: string): Promise<string | null> {
      const payments = await client.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1 }, { stripeAccount: accountId });
      const intent = payments.data[0]?.payment.payment_intent;
      return typeof intent === 'string' ? intent : (intent?.id ?? null);
    },

    /** The Stripe customer paying the subscription (the customer portal opens on it). */
    async customerOf(accountId: string, subscriptionId: string): Promise<string> {
      const subscription = await client.subscriptions.retrieve(subscriptionId, {}, { stripeAccount: accountId });
      return idOf(subscription.customer)!;
    },
  };
}

export type StripePlanBilling = ReturnType<typeof stripePlanBilling>;
