import type Stripe from 'stripe';
import type { StripeConfig } from '#src/env/payments-env.ts';
import { stripeClient } from '#src/providers/payments/stripe-client.ts';

/** What a subscription's price is made of: the plan (metadata) and the amount it started at. */
export interface SubscriptionPrice {
  userId: string;
  planId: string;
  planName: string;
  interval: 'month' | 'year';
  priceCents: number;
}

export interface StripeInvoiceSummary {
  id: string;
  number: string | null;
  createdAt: Date;
  amountCents: number;
  currency: string;
  status: string;
  downloadUrl: string | null;
}

const metadataOf = (price: SubscriptionPrice) => ({
  userId: price.userId,
  planId: price.planId,
  interval: price.interval,
  priceCents: String(price.priceCents),
});

const priceData = (price: SubscriptionPrice) => ({
  currency: 'usd',
  unit_amount: price.priceCents,
  recurring: { interval: price.interval },
  product_data: { name: `Shopfront ${price.planName}` },
});

/**
 * Stripe Billing on the PLATFORM account (no `Stripe-Account`: a creator's plan is paid to the
 * platform, not to a connected store). Prices are sent inline (`price_data`) so a subscription
 * keeps the amount it started at whatever an admin sets later; the plan travels in metadata on
 * the subscription, which every subscription event carries back.
 */
export function stripeBilling(config: StripeConfig, client: Stripe = stripeClient(config)) {
  return {
    async createCheckout(options: { price: SubscriptionPrice; customerId: string | null; email: string; successUrl: string; cancelUrl: string; idempotencyKey: string }) {
      const session = await client.checkout.sessions.create(
        {
          mode: 'subscription',
          line_items: [{ quantity: 1, price_data: priceData(options.price) }],
          ...(options.customerId ? { customer: options.customerId } : { customer_email: options.email }),
          client_reference_id: options.price.userId,
          metadata: metadataOf(options.price),
          subscription_data: { metadata: metadataOf(options.price) },
          success_url: options.successUrl,
          cancel_url: options.cancelUrl,
        },
        { idempotencyKey: options.idempotencyKey },
      );
      if (!session.url) throw new Error('Stripe answered a Checkout Session without a URL');
      return { url: session.url, sessionId: session.id };
    },

    /** Moves a subscription to another plan's price (prorated by Stripe); the event confirms it. */
    async changePrice(options: { subscriptionId: string; itemId: string; price: SubscriptionPrice; idempotencyKey: string }) {
      // A subscription item's inline price names a product by id (Checkout's may carry product_data).
      const product = await client.products.create(
        { name: `Shopfront ${options.price.planName}` },
        { idempotencyKey: `${options.idempotencyKey}_product` },
      );
      const { currency, unit_amount, recurring } = priceData(options.price);
      await client.subscriptions.update(
        options.subscriptionId,
        {
          items: [{ id: options.itemId, price_data: { currency, unit_amount, recurring, product: product.id } }],
          metadata: metadataOf(options.price),
          proration_behavior: 'create_prorations',
        },
        { idempotencyKey: options.idempotencyKey },
      );
    },

    /** Ends the subscription now; `customer.subscription.deleted` drops the plan to free. */
    async cancel(subscriptionId: string) {
      await client.subscriptions.cancel(subscriptionId);
    },

    async portalUrl(customerId: string, returnUrl: string) {
      const session = await client.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },

    async invoices(customerId: string): Promise<StripeInvoiceSummary[]> {
      const list = await client.invoices.list({ customer: customerId, limit: 24 });
      return list.data.map((invoice) => ({
        id: invoice.id ?? '',
        number: invoice.number ?? null,
        createdAt: new Date(invoice.created * 1000),
        amountCents: invoice.amount_paid || invoice.amount_due,
        currency: invoice.currency,
        status: invoice.status ?? 'draft',
        downloadUrl: invoice.invoice_pdf ?? invoice.hosted_invoice_url ?? null,
      }));
    },
  };
}

export type StripeBilling = ReturnType<typeof stripeBilling>;
