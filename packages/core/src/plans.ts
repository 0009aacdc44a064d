/** Spec §6/§9 plans and their store limits. */
export const PLAN_IDS = ['free', 'side-hustle', 'creator', 'boss'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const DEFAULT_PLAN: PlanId = 'free';

export const PLAN_STORE_LIMITS: Readonly<Record<PlanId, number>> = Object.freeze({
  free: 1,
  'side-hustle': 1,
  creator: 3,
  boss: 10,
});

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** An unknown or missing plan counts as the default plan (spec §6 "default free"). */
export function storeLimitForPlan(planId: string | null | undefined): number {
  return PLAN_STORE_LIMITS[isPlanId(planId) ? planId : DEFAULT_PLAN];
}

export function canCreateStore(planId: string | null | undefined, currentStoreCount: number): boolean {
  if (!Number.isInteger(currentStoreCount) || currentStoreCount < 0) return false;
  return currentStoreCount < storeLimitForPlan(planId);
}
