// Exports the automation hooks of checkout and fulfilment (automationsOnOrder, scheduleAbandonedCheckout).
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { automationRuns, automations, type AutomationRunClock } from '#src/db/schema/index.ts';
import { storePaymentRoute } from '#src/domain/checkout/store-payment-route.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import type { Env } from '#src/env.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { attributeOrder } from './attribute-order.ts';
import { ABANDONED_CHECKOUT_KIND } from './automation-job-kinds.ts';
import { stopRun } from './run-state.ts';
import { startRuns } from './start-runs.ts';

/**
 * The clock of a sale's automations (decision 035): test-provider payments follow the store's
 * test clock, and so do free orders of a store that takes test payments; real payments never do.
 */
export async function saleClock(db: Executor, env: Partial<Pick<Env, 'payments'>>, options: { storeId: string; provider: string }): Promise<AutomationRunClock> {
  if (options.provider === 'test') return 'test';
  if (options.provider !== 'free') return 'real';
  if (!env.payments) return 'real';
  return (await storePaymentRoute(db, { payments: env.payments }, options.storeId)).provider === 'test' ? 'test' : 'real';
}

/**
 * In the order's transaction: paying ends the checkout's abandoned-checkout runs, the order is
 * attributed to the automation email its buyer last clicked (attribute-order.ts), the order starts
 * the `purchased` automations (once per order), and a consenting buyer of a free product starts
 * the `joined` ones (source lead magnet; any paid checkout with consent counts for "any source").
 */
export async function automationsOnOrder(
  tx: Executor,
  env: Partial<Pick<Env, 'payments'>>,
  order: { storeId: string; orderId: string; checkoutId: string; customerId: string; productIds: readonly string[]; provider: string; amountCents: number; consenting: boolean; now: Date },
): Promise<void> {
  // Most stores have no automation: one indexed look, not five statements, on every payment.
  const [any] = await tx.select({ id: automations.id }).from(automations).where(eq(automations.storeId, order.storeId)).limit(1);
  if (!any) return;
  const paid = await tx
    .select({ id: automationRuns.id })
    .from(automationRuns)
    .where(and(eq(automationRuns.checkoutId, order.checkoutId), eq(automationRuns.status, 'active')));
  for (const run of paid) await stopRun(tx, { runId: run.id, reason: 'checkout paid', now: order.now });
  await attributeOrder(tx, order);
  const clock = await saleClock(tx, env, order);
  const base = { storeId: order.storeId, customerId: order.customerId, productIds: order.productIds, clock };
  await startRuns(tx, { ...base, kind: 'purchased', key: `order:${order.orderId}` });
  if (order.consenting) await startRuns(tx, { ...base, kind: 'joined', key: 'joined', source: order.amountCents === 0 ? 'lead-magnet' : 'checkout' });
}

export interface AbandonedCheckoutPayload {
  checkoutId: string;
  storeId: string;
  delayMinutes: number;
}

/**
 * When a checkout starts with an email and marketing consent: one look-again job per distinct delay
 * of the store's live abandoned-checkout automations, on the checkout's clock. No consent, no job.
 */
export async function scheduleAbandonedCheckout(
  db: Executor,
  env: Partial<Pick<Env, 'payments'>>,
  checkout: { id: string; storeId: string; email: string; marketingConsent: boolean; provider: string; createdAt: Date },
): Promise<void> {
  // A free checkout is fulfilled as it starts: it is never abandoned.
  if (!checkout.marketingConsent || !checkout.email || checkout.provider === 'free') return;
  const delays = await db
    .selectDistinct({ delayMinutes: sql<number>`(${automations.trigger} ->> 'delayMinutes')::int` })
    .from(automations)
    .where(and(eq(automations.storeId, checkout.storeId), eq(automations.triggerKind, 'abandoned-checkout'), eq(automations.status, 'live')));
  if (delays.length === 0) return;
  const clock = await saleClock(db, env, checkout);
  const offsetMs = clock === 'test' ? await readTestClockOffsetMs(db, checkout.storeId) : 0;
  for (const { delayMinutes } of delays) {
    const payload: AbandonedCheckoutPayload = { checkoutId: checkout.id, storeId: checkout.storeId, delayMinutes };
    await enqueueJob(db, ABANDONED_CHECKOUT_KIND, payload, {
      idempotencyKey: `${checkout.id}:${delayMinutes}`,
      runAt: new Date(checkout.createdAt.getTime() + offsetMs + delayMinutes * 60_000),
      ...(clock === 'test' ? { testClock: { storeId: checkout.storeId } } : {}),
    });
  }
}
