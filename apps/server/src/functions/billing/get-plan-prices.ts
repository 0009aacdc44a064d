import { findPlanPrices } from '#src/domain/billing/find-plan-prices.ts';
import type { Handler } from '../types.ts';

const view = (price: Awaited<ReturnType<typeof findPlanPrices>>[keyof Awaited<ReturnType<typeof findPlanPrices>>]) => ({
  ...price,
  updatedAt: price.updatedAt?.toISOString() ?? null,
});

/** Admin only (the contract's access): the prices new subscriptions start at. */
export const getPlanPrices: Handler<'getPlanPrices'> = async (_input, ctx) => ({
  prices: Object.values(await findPlanPrices(ctx.db)).map(view),
});
