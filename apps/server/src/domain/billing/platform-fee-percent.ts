import { platformFeePercentForPlan } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { stores, users } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';

/**
 * The platform's percent of a sale in a store: the plan of the store's owner decides it (core
 * PLANS, e.g. free 5 %, paid 0 %), unless STRIPE_PLATFORM_FEE_PERCENT sets one fee for every plan.
 */
export async function platformFeePercent(db: Executor, env: Pick<Env, 'payments'>, storeId: string): Promise<number> {
  const override = env.payments.stripe?.platformFeePercent;
  if (override !== null && override !== undefined) return override;
  const [owner] = await db
    .select({ planId: users.planId })
    .from(stores)
    .innerJoin(users, eq(users.id, stores.creatorId))
    .where(eq(stores.id, storeId));
  return platformFeePercentForPlan(owner?.planId);
}
