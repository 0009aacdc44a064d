import { PAID_PLAN_IDS, PLANS, type PaidPlanId } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { planPrices } from '#src/db/schema/index.ts';

export interface PlanPrice {
  planId: PaidPlanId;
  monthlyCents: number;
  yearlyCents: number;
  updatedAt: Date | null;
  updatedBy: string | null;
}

/** The price a NEW subscription to each paid plan starts at: an admin's, else core's default. */
export async function findPlanPrices(db: Executor): Promise<Record<PaidPlanId, PlanPrice>> {
  const rows = await db.select().from(planPrices);
  const byPlan = new Map(rows.map((row) => [row.planId, row]));
  return Object.fromEntries(
    PAID_PLAN_IDS.map((planId) => {
      const row = byPlan.get(planId);
      return [
        planId,
        {
          planId,
          monthlyCents: row?.monthlyCents ?? PLANS[planId].monthlyCents,
          yearlyCents: row?.yearlyCents ?? PLANS[planId].yearlyCents,
          updatedAt: row?.updatedAt ?? null,
          updatedBy: row?.updatedBy ?? null,
        },
      ];
    }),
  ) as Record<PaidPlanId, PlanPrice>;
}
