// Exports the Stripe payment plan test helpers: a planned product on a connected store, buying it through the stand-in, events for its subscription.
import { eq } from 'drizzle-orm';
import { orders, paymentAccounts, paymentPlans } from '#src/db/schema/index.ts';
import { fileDownloadUrl } from '#src/domain/delivery/download-tokens.ts';
import { startCheckout } from '#src/testing/checkout.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { connectedInvoiceEvent, connectedSessionCompleted, connectedSubscriptionEvent } from '#src/testing/stripe-connected-events.ts';
import { deliver, type StripeSuite as Suite } from '#src/testing/stripe-webhooks.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { asBuyer, plannedDownload } from '../payment-plan-fixtures.ts';

let counter = 0;

/** A store whose creator connected `account`, selling a download at $297 or 3 × $99. */
export async function stripePlanStore(s: Suite, account: string) {
  const owner = await signedInCreator(s.t);
  const store = await createStoreAs(s.t, owner, `stripe-plans-${++counter}-${Date.now().toString(36)}`);
  await s.t.db.insert(paymentAccounts).values({ storeId: store.id, provider: 'stripe', accountId: account });
  const product = await plannedDownload(s.t, store.id);
  return { owner, store, product, account };
}

/** A buyer starts the plan checkout and pays Stripe's page at `at` (seconds): the session as Stripe completes it, and the subscription. */
export async function payPlanOnStripe(s: Suite, shop: Awaited<ReturnType<typeof stripePlanStore>>, at: number) {
  const email = `stripe-planner-${++counter}@example.com`;
  const { checkoutId, checkoutUrl } = await startCheckout(s.t, { storeId: shop.store.id, productId: shop.product.id, email, name: 'Ada Buyer', paymentPlan: true });
  const session = [...s.standIn.connected.sessions.values()].find((candidate) => candidate.body.client_reference_id === checkoutId);
  if (!session) throw new Error('no stand-in session for the plan checkout');
  const paid = s.standIn.completeSubscriptionSession(session.id, at);
  return { checkoutId, checkoutUrl, email, sessionRequest: session, ...paid };
}

/**
 * A bought plan (the session's webhook delivered at `at`), with the webhooks of its subscription as
 * Stripe sends them: `invoice` bills the subscription's period now (`advance` first moves it on a
 * month), `deleted` ends it.
 */
export async function boughtOnStripe(s: Suite, account: string, at: number) {
  const shop = await stripePlanStore(s, account);
  const bought = await payPlanOnStripe(s, shop, at);
  const subscriptionId = bought.subscription.id;
  const outcome = await deliver(s.t, connectedSessionCompleted({ account, created: at, session: bought.session }));
  if (outcome !== 'fulfilled') throw new Error(`session: ${outcome}`);
  const [order] = await s.t.db.select().from(orders).where(eq(orders.checkoutId, bought.checkoutId));
  const [plan] = await s.t.db.select().from(paymentPlans).where(eq(paymentPlans.orderId, order!.id));
  const events = {
    advance: () => s.standIn.advanceSubscriptionPeriod(subscriptionId),
    invoice: (type: 'invoice.paid' | 'invoice.payment_failed', options: { created: number; attemptCount?: number; nextPaymentAttempt?: number | null; invoiceId?: string; account?: string }) =>
      connectedInvoiceEvent({ type, account: options.account ?? account, subscription: s.standIn.subscription(subscriptionId), billingReason: 'subscription_cycle', ...options }),
    deleted: (created: number) => connectedSubscriptionEvent({ type: 'customer.subscription.deleted', account, created, subscription: { ...s.standIn.subscription(subscriptionId), status: 'canceled' } }),
  };
  const download = () => {
    const url = fileDownloadUrl(s.t.env, order!.id, shop.product.files[0]!.id, new Date(Date.now() + 86_400_000));
    return s.t.app.inject({ method: 'GET', url: url.slice(TEST_PUBLIC_URL.length) });
  };
  /** The buyer signed in to the members area. */
  const buyer = () => asBuyer(s.t, shop.store.id, order!.customerId, new Date());
  return { ...shop, ...bought, subscriptionId, order: order!, plan: plan!, events, download, buyer, send: (event: Record<string, unknown>) => deliver(s.t, event) };
}
