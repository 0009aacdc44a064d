import { PLAN_IDS, PLANS, isPaidPlanId, isPlanId, type PlanId } from '@shopfront/core';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { stores, subscriptions, users } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { availableBillingProvider } from './billing-provider.ts';
import { findPlanPrices } from './find-plan-prices.ts';

/** The billing page's data: the plan in effect, the subscription, each plan's offer, the stores. */
export async function getBilling(db: Database, env: Pick<Env, 'payments'>, userId: string) {
  const [user] = await db.select({ planId: users.planId }).from(users).where(eq(users.id, userId));
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  const prices = await findPlanPrices(db);
  const storeRows = await db
    .select({ id: stores.id, name: stores.name, slug: stores.slug, publishedAt: stores.publishedAt, offlineReason: stores.offlineReason, createdAt: stores.createdAt })
    .from(stores)
    .where(eq(stores.creatorId, userId))
    .orderBy(asc(stores.createdAt), asc(stores.id));
  const planId: PlanId = isPlanId(user?.planId) ? user.planId : 'free';
  return {
    planId,
    provider: availableBillingProvider(env),
    subscription:
      row && isPlanId(row.planId)
        ? {
            provider: row.provider,
            planId: row.planId,
            interval: row.interval,
            status: row.status,
            priceCents: row.priceCents,
            currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
            graceUntil: row.graceUntil?.toISOString() ?? null,
          }
        : null,
    plans: PLAN_IDS.map((id) => ({
      id,
      name: PLANS[id].name,
      storeLimit: PLANS[id].storeLimit,
      platformFeePercent: PLANS[id].platformFeePercent,
      features: [...PLANS[id].features],
      monthlyCents: isPaidPlanId(id) ? prices[id].monthlyCents : 0,
      yearlyCents: isPaidPlanId(id) ? prices[id].yearlyCents : 0,
    })),
    stores: storeRows.map((store) => ({
      id: store.id,
      name: store.name,
      slug: store.slug,
      published: store.publishedAt !== null,
      offlineReason: store.offlineReason,
      createdAt: store.createdAt.toISOString(),
    })),
    pendingPlanId: row && isPlanId(row.pendingPlanId) ? row.pendingPlanId : null,
  };
}
