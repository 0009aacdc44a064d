import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { newId } from '#src/db/ids.ts';
import { automationStepEmails, emailCampaignRecipients, orders } from '#src/db/schema/index.ts';
import { fulfilPayment } from '#src/domain/checkout/fulfil-payment.ts';
import { recordRefund } from '#src/domain/orders/record-refund.ts';
import { insertProduct, startCheckout } from '#src/testing/checkout.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { automationStats } from './automation-stats.ts';
import { emailStep, seedAutomation } from './automation-test-fixtures.ts';
import { startRuns } from './start-runs.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PRICE = 2_500;
let t: TestApp;
// Orders are paid on this clock (fulfilment takes its time as an argument); clicks are set relative to it.
const payDay = new Date(Date.now() + 10 * DAY);

const runDue = async () => {
  const runner = createAppJobRunner({ env: t.env, db: t.db, log: silentLog });
  await runner.runDue();
  await runner.stop();
};

/** A store with a two-email automation every contact has been through (both emails sent). */
async function flowWithSentEmails(slug: string, contacts: string[]) {
  const seeded = await seedAutomation(t.db, slug, { steps: [emailStep('e1', 'Welcome'), emailStep('e2', 'Offer')], contacts });
  for (const contact of seeded.contacts) {
    await t.db.transaction((tx) => startRuns(tx, { storeId: seeded.storeId, customerId: contact.id, kind: 'purchased', key: 'seed', productIds: [] }));
  }
  await runDue();
  const product = await insertProduct(t, seeded.storeId, { priceCents: PRICE });
  return { ...seeded, productId: product.id };
}

/** Stamps the first click of `email`'s automation email of step `stepId`, `before` the pay day. */
async function click(automationId: string, stepId: string, email: string, before: number) {
  const [row] = await t.db
    .select({ id: emailCampaignRecipients.id })
    .from(emailCampaignRecipients)
    .innerJoin(automationStepEmails, eq(automationStepEmails.campaignId, emailCampaignRecipients.campaignId))
    .where(and(eq(automationStepEmails.automationId, automationId), eq(automationStepEmails.stepId, stepId), eq(emailCampaignRecipients.email, email)));
  if (!row) throw new Error(`no ${stepId} email for ${email}`);
  await t.db.update(emailCampaignRecipients).set({ clickedAt: new Date(payDay.getTime() - before) }).where(eq(emailCampaignRecipients.id, row.id));
}

/** A checkout of the store's product by `email`, paid (fulfilled) on the pay day. */
async function pay(storeId: string, productId: string, email: string): Promise<string> {
  const { checkoutId } = await startCheckout(t, { storeId, productId, email });
  const { orderId } = await fulfilPayment(
    t.db,
    t.env,
    { eventId: `test_${checkoutId}`, provider: 'test', checkoutId, providerPaymentId: `pay_${checkoutId}`, amountCents: PRICE, currency: 'USD' },
    payDay,
  );
  return orderId;
}

const revenueOf = async (automationId: string) =>
  Object.fromEntries((await automationStats(t.db, { automationId, stepIds: ['e1', 'e2'] })).map((stats) => [stats.stepId, stats.revenue]));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('revenue attributed within 7 days of a click', () => {
  it('counts an order paid 6 days 23 hours after a click, not one 7 days 1 minute after', async () => {
    const flow = await flowWithSentEmails('revenue-mugs', ['inside@rev.example.com', 'outside@rev.example.com']);
    await click(flow.automationId, 'e1', 'inside@rev.example.com', 6 * DAY + 23 * HOUR);
    await click(flow.automationId, 'e1', 'outside@rev.example.com', 7 * DAY + MINUTE);
    await pay(flow.storeId, flow.productId, 'inside@rev.example.com');
    await pay(flow.storeId, flow.productId, 'outside@rev.example.com');
    expect(await revenueOf(flow.automationId)).toEqual({ e1: PRICE, e2: 0 });
  });

  it('gives each order once to the email clicked last, and a refund subtracts', async () => {
    const flow = await flowWithSentEmails('lasttouch-mugs', ['both@rev.example.com']);
    await click(flow.automationId, 'e1', 'both@rev.example.com', 3 * DAY);
    await click(flow.automationId, 'e2', 'both@rev.example.com', 1 * DAY);
    const orderId = await pay(flow.storeId, flow.productId, 'both@rev.example.com');
    expect(await revenueOf(flow.automationId)).toEqual({ e1: 0, e2: PRICE });

    await t.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      await recordRefund(tx, order!, { refundId: newId('rf'), amountCents: 1_000, providerRefundId: null, now: payDay });
    });
    expect(await revenueOf(flow.automationId)).toEqual({ e1: 0, e2: PRICE - 1_000 });
    await t.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      await recordRefund(tx, order!, { refundId: newId('rf'), amountCents: PRICE - 1_000, providerRefundId: null, now: payDay });
    });
    expect(await revenueOf(flow.automationId)).toEqual({ e1: 0, e2: 0 });
  });

  it("never counts another store's order, even by the same address", async () => {
    const a = await flowWithSentEmails('rev-a-mugs', ['shared@rev.example.com']);
    const b = await flowWithSentEmails('rev-b-mugs', ['shared@rev.example.com']);
    await click(a.automationId, 'e1', 'shared@rev.example.com', DAY);
    await pay(b.storeId, b.productId, 'shared@rev.example.com');
    expect(await revenueOf(a.automationId)).toEqual({ e1: 0, e2: 0 });
    expect(await revenueOf(b.automationId)).toEqual({ e1: 0, e2: 0 });
  });
});
