import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts, paymentAccounts, processedWebhookEvents } from './db/schema/index.ts';
import { insertProduct, newKey } from './testing/checkout.ts';
import { burstThenKill, expectNoHalfOrders, sendAll, useCrashDrill } from './testing/crash-drill.ts';
import { seedStorefront } from './testing/seed-storefront.ts';
import { callRunningServer } from './testing/server-process.ts';
import { signedStripeWebhook, startStripeStandIn, stripeSessionCompleted, stripeStandInEnv, type StripeStandIn } from './testing/stripe-stand-in.ts';

/**
 * Crash safety, Stripe webhooks: 500 signed `checkout.session.completed` deliveries, kill -9
 * mid-burst, restart on the same database. Stripe redelivers every event it did not see a 2xx
 * for, so after the redelivery each checkout must have exactly one order, and every event that
 * was acknowledged before the kill must already have its order at restart.
 */
let standIn: StripeStandIn;
const drill = useCrashDrill({ env: () => stripeStandInEnv(standIn) });

beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(async () => {
  await standIn?.close();
});

describe('kill -9 during a burst of Stripe webhooks, then a restart on the same database', () => {
  it('500 signed events: acknowledged ones are orders at restart, redelivery makes exactly 500', { timeout: 150_000 }, async () => {
    const { storeId } = await seedStorefront(drill.database.db, { slug: 'webhook-crash', name: 'Webhook Crash' });
    await drill.database.db.insert(paymentAccounts).values({ storeId, provider: 'stripe', accountId: 'acct_crash' });
    const product = await insertProduct(drill.asApp(), storeId, { priceCents: 2500, title: 'Signed Zine' });

    let target = await drill.restart();
    const created = await sendAll(Array.from({ length: 500 }, (_, index) => index), (index) =>
      callRunningServer(target.url, 'createCheckout', { storeId, productId: product.id, name: 'Cy Buyer', email: `hook-${index}@example.com`, idempotencyKey: newKey() }),
    );
    expect(created.map((reply) => reply.status)).toEqual(created.map(() => 200));
    const checkoutIds = created.map((reply) => (reply.body.result as { checkoutId: string }).checkoutId);
    const rows = await drill.database.db.select().from(checkouts).where(inArray(checkouts.id, checkoutIds));
    const sessionByCheckout = new Map(rows.map((row) => [row.id, row.providerSessionId]));
    expect(rows.filter((row) => row.provider !== 'stripe' || !row.providerSessionId)).toEqual([]);

    const events = checkoutIds.map((checkoutId) =>
      stripeSessionCompleted({ checkoutId, sessionId: sessionByCheckout.get(checkoutId)!, account: 'acct_crash', amount: 2500, eventId: `evt_crash_${checkoutId}` }),
    );
    const deliver = async (url: string, event: Record<string, unknown>) => {
      const delivery = signedStripeWebhook(event);
      const reply = await fetch(`${url}/api/webhooks/stripe`, { method: 'POST', headers: delivery.headers, body: delivery.payload });
      return { status: reply.status, body: (await reply.json()) as { outcome?: string } };
    };

    const acknowledged = await burstThenKill(
      target,
      events.map((event) => async () => (await deliver(target.url, event)).status === 200),
      120,
    );
    expect(acknowledged.size).toBeGreaterThanOrEqual(120);

    target = await drill.restart();
    const { orderByCheckout } = await expectNoHalfOrders(drill.database.db, storeId);
    for (const index of acknowledged) expect(orderByCheckout.has(checkoutIds[index]!)).toBe(true);
    const ordersAtRestart = checkoutIds.filter((id) => orderByCheckout.has(id)).length;
    // An event is recorded as processed in the same transaction as its order: never one without the other.
    const processed = await drill.database.db
      .select({ eventId: processedWebhookEvents.eventId })
      .from(processedWebhookEvents)
      .where(inArray(processedWebhookEvents.eventId, events.map((event) => event.id)));
    expect(processed).toHaveLength(ordersAtRestart);

    // Stripe redelivers every event (it cannot know which replies were lost with the process).
    const redelivered = await sendAll(events, (event) => deliver(target.url, event));
    expect(redelivered.map((reply) => reply.status)).toEqual(events.map(() => 200));
    const outcomes = redelivered.map((reply) => reply.body.outcome);
    expect(outcomes.filter((outcome) => outcome === 'replay')).toHaveLength(ordersAtRestart);
    expect(outcomes.filter((outcome) => outcome === 'fulfilled')).toHaveLength(500 - ordersAtRestart);

    const final = await expectNoHalfOrders(drill.database.db, storeId);
    expect(checkoutIds.filter((id) => !final.orderByCheckout.has(id))).toEqual([]);
    expect(final.allOrders.filter((order) => checkoutIds.includes(order.checkoutId))).toHaveLength(500);
    const [one] = await drill.database.db.select().from(checkouts).where(eq(checkouts.id, checkoutIds[0]!));
    expect(one?.status).toBe('completed');
    console.info(`crash drill Stripe webhooks: ${acknowledged.size}/500 acknowledged before kill -9, ${ordersAtRestart} orders at restart; after redelivery 500 orders`);
  });
});
