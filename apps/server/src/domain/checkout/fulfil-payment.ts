import { AppError, COMMERCE_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { checkouts, orderItems, orders, processedWebhookEvents, products, stores } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import type { Transaction } from '#src/db/executor.ts';
import { platformFeeCents } from '#src/providers/payments/stripe-provider.ts';
import { platformFeePercent } from '#src/domain/billing/platform-fee-percent.ts';
import { recordServerEvent } from '#src/domain/analytics/ingest/record-server-event.ts';
import { decideOrderReferral } from '#src/domain/affiliates/decide-order-referral.ts';
import { insertCommission } from '#src/domain/affiliates/insert-commission.ts';
import { upsertCustomer } from '../customers/upsert-customer.ts';
import { requestConsentConfirmation } from '../email/consent/request-consent-confirmation.ts';
import type { PaymentSucceeded } from './payment-succeeded.ts';
import { recordOrderGrants } from './record-order-grants.ts';
import { automationsOnOrder } from '../automations/order-triggers.ts';
import { enrolFromOrder } from '../courses/enrolment/enrol-from-order.ts';
import { confirmCheckoutBooking } from '../bookings/checkout-hooks.ts';
import { checkoutLines } from './checkout-lines.ts';
import { enqueueReceipt } from './enqueue-receipt.ts';
import { enqueueSaleNotification } from '../notifications/enqueue-sale-notification.ts';
import { startPaymentPlan } from '../payment-plans/start-payment-plan.ts';

export interface Fulfilment {
  orderId: string;
  /** True when this event (or another one for the same checkout) had already made the order. */
  replay: boolean;
}

type FulfilEnv = Pick<Env, 'publicUrl' | 'appSecret' | 'dataDir' | 'payments'> & Partial<Pick<Env, 'analytics'>>;

/**
 * The only way an order comes to exist (SECURITY "purchases only from verified payment events").
 * One transaction: record the event id (a replay stops there), lock the checkout, check the
 * amount and currency, upsert the customer (a withdrawn address is asked to confirm, never
 * re-subscribed), create the order and its lines (with the affiliate referral
 * checked again, and its one commission when credited), mark the checkout completed and
 * queue the receipt (and the creator's sale email when the store wants one per sale), and record
 * the analytics purchase (once per order, joined to the checkout's visit). Concurrent
 * deliveries of one event wait on the event row and then see the order.
 */
export async function fulfilPayment(
  db: Database,
  env: FulfilEnv,
  event: PaymentSucceeded,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<Fulfilment> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(processedWebhookEvents)
      .values({ eventId: event.eventId, provider: event.provider, type: 'payment.succeeded', payload: event.payload ?? null, processedAt: now })
      .onConflictDoNothing()
      .returning({ eventId: processedWebhookEvents.eventId });
    if (recorded.length === 0) return { orderId: await existingOrderId(tx, event.checkoutId), replay: true };

    const [checkout] = await tx.select().from(checkouts).where(eq(checkouts.id, event.checkoutId)).for('update');
    if (!checkout) throw new AppError('not-found', COMMERCE_MESSAGES.checkoutNotFound);
    if (checkout.status === 'completed') return { orderId: await existingOrderId(tx, checkout.id), replay: true };
    if (checkout.amountCents !== event.amountCents || checkout.currency !== event.currency.toUpperCase()) {
      log?.error(
        { checkoutId: checkout.id, eventId: event.eventId, expected: [checkout.amountCents, checkout.currency], got: [event.amountCents, event.currency] },
        'payment amount does not match the checkout; not fulfilled',
      );
      throw new AppError('failed-precondition', COMMERCE_MESSAGES.checkoutNotFound);
    }

    const [context] = await tx
      .select({ product: products, store: stores })
      .from(products)
      .innerJoin(stores, eq(stores.id, products.storeId))
      .where(eq(products.id, checkout.productId));
    if (!context) throw new AppError('not-found', COMMERCE_MESSAGES.checkoutNotFound);
    const { product, store } = context;

    // Anyone can type any address into a checkout: a ticked box never overrides a withdrawal;
    // the address is asked instead (docs/email.md "Withdrawn consent").
    const customer = await upsertCustomer(tx, {
      storeId: checkout.storeId,
      email: checkout.email,
      name: checkout.name,
      marketingConsent: checkout.marketingConsent,
      timeZone: checkout.timeZone,
      now,
    });
    if (checkout.marketingConsent && customer.marketingWithdrawnAt !== null) {
      await requestConsentConfirmation(tx, env, { store, customer, now });
    }
    const referral = await decideOrderReferral(tx, { checkout, buyerCustomerId: customer.id, now });
    const orderId = newId('ord');
    await tx.insert(orders).values({
      id: orderId,
      storeId: checkout.storeId,
      checkoutId: checkout.id,
      customerId: customer.id,
      productId: product.id,
      productTitle: product.title,
      status: 'paid',
      provider: event.provider,
      providerPaymentId: event.providerPaymentId,
      providerAccountId: checkout.providerAccountId,
      amountCents: checkout.amountCents,
      currency: checkout.currency,
      platformFeeCents:
        event.provider === 'stripe' ? platformFeeCents(await platformFeePercent(tx, env, checkout.storeId), checkout.amountCents) : 0,
      ...referral.columns,
      createdAt: now,
      updatedAt: now,
    });
    const lines = await checkoutLines(tx, checkout, product);
    await tx
      .insert(orderItems)
      .values(lines.map((line, position) => ({ id: newId('itm'), orderId, storeId: checkout.storeId, ...line, position })));
    await recordOrderGrants(tx, { orderId, storeId: checkout.storeId, productIds: lines.map((line) => line.productId) });
    // A call's held time becomes the order's booking; a time lost meanwhile is refunded, never double-booked.
    await confirmCheckoutBooking(tx, { storeId: checkout.storeId, checkoutId: checkout.id, orderId, customerId: customer.id, now });
    // Ends this checkout's abandoned-checkout runs; starts the purchase (and lead-magnet) automations (decision 044).
    await automationsOnOrder(tx, env, {
      storeId: checkout.storeId,
      orderId,
      checkoutId: checkout.id,
      customerId: customer.id,
      productIds: lines.map((line) => line.productId),
      provider: event.provider,
      amountCents: checkout.amountCents,
      consenting: customer.marketingConsent,
      now,
    });
    await enrolFromOrder(tx, env, { orderId, storeId: checkout.storeId, customerId: customer.id, testMode: event.provider === 'test', now });
    // A payment plan (decision 047): this order is its first instalment; the later ones are charges on the plan.
    if (checkout.planInstalments !== null && event.provider !== 'free') {
      await startPaymentPlan(tx, { checkout, orderId, customerId: customer.id, provider: event.provider, providerPaymentId: event.providerPaymentId, providerSubscriptionId: event.providerSubscriptionId ?? null, now });
    }
    if (referral.credited) {
      await insertCommission(tx, {
        order: { id: orderId, storeId: checkout.storeId, amountCents: checkout.amountCents, currency: checkout.currency },
        ...referral.credited,
        testMode: event.provider === 'test',
        now,
      });
    }
    // The receipt and the sale email name every line ("Guide + Workbook").
    const titles = lines.map((line) => line.title).join(' + ');
    await tx.update(checkouts).set({ status: 'completed', completedAt: now }).where(eq(checkouts.id, checkout.id));
    // Durable, queued in this transaction (a savepoint: a failure never fails the order), so the
    // analytics sales match the Sales page.
    if (env.analytics?.enabled !== false) {
      await recordServerEvent(
        tx,
        {
          storeId: checkout.storeId,
          type: 'purchase',
          key: orderId,
          at: now,
          timeZone: store.timeZone,
          visitor: { visitor: checkout.analyticsVisitor, visitDay: checkout.analyticsVisitDay },
          productId: product.id,
          orderId,
          revenueCents: checkout.amountCents,
        },
        log,
      );
    }
    await enqueueReceipt(tx, env, {
      orderId,
      to: checkout.email,
      buyerName: checkout.name,
      storeName: store.name,
      storeSlug: store.slug,
      productTitle: titles,
      productType: product.type,
      amountCents: checkout.amountCents,
      currency: checkout.currency,
      now,
    });
    await enqueueSaleNotification(tx, env, {
      store,
      orderId,
      productTitle: titles,
      productType: product.type,
      amountCents: checkout.amountCents,
      currency: checkout.currency,
      buyerName: checkout.name,
      buyerEmail: checkout.email,
    });
    return { orderId, replay: false };
  });
}

async function existingOrderId(tx: Transaction, checkoutId: string): Promise<string> {
  const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkoutId));
  if (!order) throw new AppError('failed-precondition', COMMERCE_MESSAGES.checkoutNotFound);
  return order.id;
}
