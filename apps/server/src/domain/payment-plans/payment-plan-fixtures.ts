// Exports the payment plan test fixtures: a planned product, buying it in instalments over HTTP, the store clock driver and the plan's rows.
import { asc, eq } from 'drizzle-orm';
import { customers, orders, paymentPlanCharges, paymentPlans, products } from '#src/db/schema/index.ts';
import { createCustomerSession } from '#src/domain/members/customer-session.ts';
import { findMemberStore } from '#src/domain/members/member-store.ts';
import { advanceTestClock } from '#src/domain/test-clock/advance-test-clock.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { callFunction, WEB_APP } from '#src/testing/call-function.ts';
import { payWithCard, startCheckout } from '#src/testing/checkout.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { seedProduct } from '#src/testing/orders.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { createChargeTestPlanInstalmentJob } from './charge-test-plan-instalment-job.ts';
import { CHARGE_TEST_PLAN_INSTALMENT_KIND } from './schedule-plan-charge.ts';

let counter = 0;

/** A published download with one file, sold in full at $297 or in 3 × $99 (or as given). */
export async function plannedDownload(t: TestApp, storeId: string, plan: { instalments?: number; instalmentCents?: number | null; type?: 'digital' | 'course' } = {}) {
  const product = await seedProduct(t, storeId, { title: `Masterclass ${++counter}`, files: [{ name: 'workbook.html', bytes: Buffer.from('<p>workbook</p>') }] });
  await t.db
    .update(products)
    .set({ priceCents: 29_700, planInstalments: plan.instalments ?? 3, planInstalmentCents: plan.instalmentCents ?? null, ...(plan.type ? { type: plan.type } : {}) })
    .where(eq(products.id, product.id));
  return product;
}

/** Buys the product in instalments with a test card through the checkout page; answers the order and its plan. */
export async function buyInInstalments(t: TestApp, storeId: string, productId: string, options: { email?: string; cardNumber?: string; referralCode?: string } = {}) {
  const email = options.email ?? `planner-${++counter}-${Date.now().toString(36)}@example.com`;
  const referral = options.referralCode ? { referralCode: options.referralCode } : {};
  const { checkoutId } = await startCheckout(t, { storeId, productId, email, paymentPlan: true, ...referral });
  const paid = await payWithCard(t, checkoutId, options.cardNumber ?? '4242424242424242');
  if (paid.statusCode !== 303) throw new Error(`plan not paid: ${paid.statusCode} ${paid.body}`);
  const [order] = await t.db.select().from(orders).where(eq(orders.checkoutId, checkoutId));
  const [plan] = await t.db.select().from(paymentPlans).where(eq(paymentPlans.orderId, order!.id));
  return { email, order: order!, plan: plan! };
}

export async function planRow(t: TestApp, planId: string) {
  const [row] = await t.db.select().from(paymentPlans).where(eq(paymentPlans.id, planId));
  return row!;
}

export function chargesOf(t: TestApp, planId: string) {
  return t.db
    .select({ instalment: paymentPlanCharges.instalment, attempt: paymentPlanCharges.attempt, status: paymentPlanCharges.status, amountCents: paymentPlanCharges.amountCents })
    .from(paymentPlanCharges)
    .where(eq(paymentPlanCharges.planId, planId))
    .orderBy(asc(paymentPlanCharges.instalment), asc(paymentPlanCharges.attempt));
}

/** Moves a store's test clock forward to `target` (whole seconds) and runs the instalment charges that fell due. */
export function planClock(t: TestApp, now: () => Date) {
  const runner = createJobRunner({
    db: t.db,
    handlers: [createChargeTestPlanInstalmentJob({ db: t.db, publicUrl: TEST_PUBLIC_URL })],
    log: silentLog,
    now,
    kinds: { only: [CHARGE_TEST_PLAN_INSTALMENT_KIND] },
  });
  return {
    async moveTo(storeId: string, target: Date, options: { run?: boolean } = {}) {
      const clockNow = now().getTime() + (await readTestClockOffsetMs(t.db, storeId));
      const seconds = Math.round((target.getTime() - clockNow) / 1000);
      if (seconds > 0) await advanceTestClock(t.db, { storeId, seconds, now: now() });
      if (options.run === false) return 0;
      // A retry queued by a charge may already be due on the moved clock: run until none is.
      let ran = 0;
      for (let batch = await runner.runDue(); batch > 0; batch = await runner.runDue()) ran += batch;
      return ran;
    },
  };
}

/** A members-area caller for the store customer (the account and sign-in are tested in functions/members/). */
export async function asBuyer(t: TestApp, storeId: string, customerId: string, now: Date) {
  await t.db.update(customers).set({ passwordHash: 'test-account' }).where(eq(customers.id, customerId));
  const realm = await findMemberStore(t.db, storeId);
  if (!realm) throw new Error('store has no members realm');
  const session = await createCustomerSession(t.db, { tenantId: realm.tenantId, customerId, userAgent: null, ip: '203.0.113.1', now });
  const headers = { ...WEB_APP.headers, cookie: `sfc_${storeId}=${session.token}` };
  return (name: string, data: unknown) => callFunction(t.app, name, data, { headers });
}

/** The answer of a call, or a thrown error saying what came back instead. */
export async function resultOf<T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const reply = await response;
  if (reply.statusCode !== 200) throw new Error(`${reply.statusCode} ${reply.body}`);
  return (reply.json() as { result: T }).result;
}
