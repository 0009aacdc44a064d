import { AppError, BILLING_MESSAGES, PLANS, storeLimitForPlan, type BillingInterval, type PlanId } from '@shopfront/core';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { subscriptions, users } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { stripeBilling } from '#src/providers/billing/stripe-billing.ts';
import { applySubscriptionEvent } from './apply-subscription-event.ts';
import { countLimitedStores } from './count-limited-stores.ts';
import { findPlanPrices } from './find-plan-prices.ts';
import { ownedStoreIds } from './owned-store-ids.ts';
import { recordTestInvoice } from './record-test-invoice.ts';

/**
 * Asks the provider to move an existing subscription to another plan (free cancels it). When the
 * new plan allows fewer stores than the creator has, `keepStoreIds` (at most the new limit, all
 * theirs) says which stay published; it is saved now and applied when the provider's event lowers
 * the plan. The plan itself changes only from that event: Stripe's webhook, or the test
 * provider's event emitted here through the same applySubscriptionEvent.
 */
export async function changePlan(
  deps: { db: Database; env: Env; now: Date },
  options: { userId: string; planId: PlanId; interval?: BillingInterval | undefined; keepStoreIds?: readonly string[] | undefined },
): Promise<{ status: 'pending' }> {
  const { db, env, now } = deps;
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, options.userId)).for('update');
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, options.userId));
    if (!current || (current.status !== 'active' && current.status !== 'past_due')) {
      throw new AppError('failed-precondition', BILLING_MESSAGES.noSubscription);
    }
    const interval = options.interval ?? current.interval;
    if (current.planId === options.planId && (options.planId === 'free' || current.interval === interval)) {
      throw new AppError('failed-precondition', BILLING_MESSAGES.samePlan);
    }
    const limit = storeLimitForPlan(options.planId);
    const keep = await ownedStoreIds(tx, options.userId, options.keepStoreIds ?? []);
    if (keep.length > limit || (keep.length === 0 && (await countLimitedStores(tx, options.userId)) > limit)) {
      throw new AppError('invalid-argument', BILLING_MESSAGES.chooseStores(limit));
    }
    await tx
      .update(subscriptions)
      .set({ pendingPlanId: options.planId, ...(keep.length > 0 ? { keptStoreIds: keep } : {}), updatedAt: now })
      .where(eq(subscriptions.userId, options.userId));
    return { ...current, interval };
  });

  const subscriptionId = row.providerSubscriptionId ?? '';
  const prices = options.planId === 'free' ? null : (await findPlanPrices(db))[options.planId];
  const priceCents = prices ? (row.interval === 'year' ? prices.yearlyCents : prices.monthlyCents) : 0;

  if (row.provider === 'test') {
    const eventId = `testevt_${randomBytes(12).toString('hex')}`;
    if (options.planId === 'free') {
      await applySubscriptionEvent(db, { eventId, provider: 'test', type: 'subscription.deleted', createdAt: now, userId: options.userId, subscriptionId }, now);
    } else {
      await applySubscriptionEvent(
        db,
        {
          eventId,
          provider: 'test',
          type: 'subscription.updated',
          createdAt: now,
          userId: options.userId,
          subscriptionId,
          planId: options.planId,
          interval: row.interval,
          status: 'active',
          priceCents,
        },
        now,
      );
      await recordTestInvoice(db, { userId: options.userId, planId: options.planId, interval: row.interval, amountCents: priceCents, status: 'paid', now });
    }
    return { status: 'pending' };
  }

  if (!env.payments.stripe || !row.providerSubscriptionId) throw new AppError('unavailable', BILLING_MESSAGES.portalUnavailable);
  const billing = stripeBilling(env.payments.stripe);
  try {
    if (options.planId === 'free') await billing.cancel(row.providerSubscriptionId);
    else {
      if (!row.providerItemId) throw new AppError('unavailable', BILLING_MESSAGES.portalUnavailable);
      await billing.changePrice({
        subscriptionId: row.providerSubscriptionId,
        itemId: row.providerItemId,
        price: { userId: options.userId, planId: options.planId, planName: PLANS[options.planId].name, interval: row.interval, priceCents },
        idempotencyKey: `plan_change_${options.userId}_${options.planId}_${Math.floor(now.getTime() / 60_000)}`,
      });
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('unavailable', BILLING_MESSAGES.portalUnavailable);
  }
  return { status: 'pending' };
}
